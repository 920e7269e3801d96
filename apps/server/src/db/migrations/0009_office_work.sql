CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "districts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"region_id" integer,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" numeric(12, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "standard_items_price" CHECK ("standard_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_order_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"phone" text,
	"email" text,
	"is_primary" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_flag_links" (
	"subscriber_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_flag_id" integer NOT NULL,
	CONSTRAINT "customer_flag_links_customer_id_customer_flag_id_pk" PRIMARY KEY("customer_id","customer_flag_id")
);
--> statement-breakpoint
CREATE TABLE "customer_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grid_preferences" (
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"grid_key" text NOT NULL,
	"layout" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grid_preferences_user_id_grid_key_pk" PRIMARY KEY("user_id","grid_key")
);
--> statement-breakpoint
CREATE TABLE "rate_sheet_standard_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_rate_sheet_id" integer NOT NULL,
	"name" text NOT NULL,
	"item_rate_type_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "rate_sheet_standard_items_price" CHECK ("rate_sheet_standard_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_order_equipment_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"equipment_name" text NOT NULL,
	"task" text NOT NULL,
	"is_done" boolean DEFAULT false NOT NULL,
	"done_by" integer,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "work_order_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"is_survey" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"is_completed" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"material_status_id" integer NOT NULL,
	"part_number" text,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"markup_percent" numeric(7, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_materials_amounts" CHECK ("work_order_materials"."quantity" > 0 and "work_order_materials"."unit_cost" >= 0 and "work_order_materials"."unit_price" >= 0 and "work_order_materials"."markup_percent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_order_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"signer_name" text NOT NULL,
	"png_base64" text NOT NULL,
	"signed_by" integer,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_signatures_size" CHECK (length("work_order_signatures"."png_base64") <= 400000)
);
--> statement-breakpoint
CREATE TABLE "work_order_standard_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"standard_item_id" integer,
	"rate_sheet_standard_item_id" integer,
	"name" text NOT NULL,
	"item_rate_type_id" integer,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_standard_items_one_source" CHECK (("work_order_standard_items"."standard_item_id" is null) <> ("work_order_standard_items"."rate_sheet_standard_item_id" is null)),
	CONSTRAINT "work_order_standard_items_amounts" CHECK ("work_order_standard_items"."quantity" > 0 and "work_order_standard_items"."unit_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "is_tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "is_on_credit_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "priority" text DEFAULT 'Normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "work_order_class_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_titles" ADD CONSTRAINT "job_titles_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_items" ADD CONSTRAINT "standard_items_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_classes" ADD CONSTRAINT "work_order_classes_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_flag_links" ADD CONSTRAINT "customer_flag_links_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_flag_links" ADD CONSTRAINT "customer_flag_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_flag_links" ADD CONSTRAINT "customer_flag_links_customer_flag_id_customer_flags_id_fk" FOREIGN KEY ("customer_flag_id") REFERENCES "public"."customer_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_flags" ADD CONSTRAINT "customer_flags_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_preferences" ADD CONSTRAINT "grid_preferences_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_preferences" ADD CONSTRAINT "grid_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_standard_items" ADD CONSTRAINT "rate_sheet_standard_items_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_standard_items" ADD CONSTRAINT "rate_sheet_standard_items_customer_rate_sheet_id_customer_rate_sheets_id_fk" FOREIGN KEY ("customer_rate_sheet_id") REFERENCES "public"."customer_rate_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_standard_items" ADD CONSTRAINT "rate_sheet_standard_items_item_rate_type_id_item_rate_types_id_fk" FOREIGN KEY ("item_rate_type_id") REFERENCES "public"."item_rate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_equipment_tasks" ADD CONSTRAINT "work_order_equipment_tasks_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_equipment_tasks" ADD CONSTRAINT "work_order_equipment_tasks_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_equipment_tasks" ADD CONSTRAINT "work_order_equipment_tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_jobs" ADD CONSTRAINT "work_order_jobs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_jobs" ADD CONSTRAINT "work_order_jobs_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_jobs" ADD CONSTRAINT "work_order_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_materials" ADD CONSTRAINT "work_order_materials_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_materials" ADD CONSTRAINT "work_order_materials_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_materials" ADD CONSTRAINT "work_order_materials_material_status_id_material_statuses_id_fk" FOREIGN KEY ("material_status_id") REFERENCES "public"."material_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_materials" ADD CONSTRAINT "work_order_materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_signatures" ADD CONSTRAINT "work_order_signatures_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_signatures" ADD CONSTRAINT "work_order_signatures_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_signatures" ADD CONSTRAINT "work_order_signatures_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_standard_items" ADD CONSTRAINT "work_order_standard_items_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_standard_items" ADD CONSTRAINT "work_order_standard_items_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_standard_items" ADD CONSTRAINT "work_order_standard_items_standard_item_id_standard_items_id_fk" FOREIGN KEY ("standard_item_id") REFERENCES "public"."standard_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_standard_items" ADD CONSTRAINT "work_order_standard_items_rate_sheet_standard_item_id_rate_sheet_standard_items_id_fk" FOREIGN KEY ("rate_sheet_standard_item_id") REFERENCES "public"."rate_sheet_standard_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_standard_items" ADD CONSTRAINT "work_order_standard_items_item_rate_type_id_item_rate_types_id_fk" FOREIGN KEY ("item_rate_type_id") REFERENCES "public"."item_rate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_standard_items" ADD CONSTRAINT "work_order_standard_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "districts_name_unique" ON "districts" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "job_titles_name_unique" ON "job_titles" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "regions_name_unique" ON "regions" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "standard_items_name_unique" ON "standard_items" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_classes_name_unique" ON "work_order_classes" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_customer_idx" ON "contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_idx" ON "contacts" USING btree ("subscriber_id","phone");--> statement-breakpoint
CREATE INDEX "work_order_equipment_tasks_wo_idx" ON "work_order_equipment_tasks" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_jobs_wo_idx" ON "work_order_jobs" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_materials_wo_idx" ON "work_order_materials" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_signatures_wo_idx" ON "work_order_signatures" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_standard_items_wo_idx" ON "work_order_standard_items" USING btree ("work_order_id");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_work_order_class_id_work_order_classes_id_fk" FOREIGN KEY ("work_order_class_id") REFERENCES "public"."work_order_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_billing_idx" ON "customers" USING btree ("billing_customer_id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_address_trgm_idx" ON "customers" USING gin (lower("address" || ' ' || "city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("subscriber_id","phone");--> statement-breakpoint
CREATE INDEX "work_orders_subscriber_created_idx" ON "work_orders" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_customer_idx" ON "work_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "work_orders_parent_idx" ON "work_orders" USING btree ("parent_work_order_id");--> statement-breakpoint
CREATE INDEX "work_orders_number_trgm_idx" ON "work_orders" USING gin (lower("work_order_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_problem_trgm_idx" ON "work_orders" USING gin (lower("problem") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_credit_limit_positive" CHECK ("customers"."credit_limit" is null or "customers"."credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_not_own_billing" CHECK ("customers"."billing_customer_id" is null or "customers"."billing_customer_id" <> "customers"."id");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_priority" CHECK ("work_orders"."priority" in ('Low', 'Normal', 'High', 'Emergency'));--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_nte" CHECK ("work_orders"."nte" is null or "work_orders"."nte" >= 0);
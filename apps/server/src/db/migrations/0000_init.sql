CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_status_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_status_id" integer NOT NULL,
	"description" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_payable" boolean NOT NULL,
	"needs_description" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"job_title_id" integer,
	"user_status_id" integer,
	"user_status_description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"subscriber_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"area" text NOT NULL,
	"can_read" boolean DEFAULT false NOT NULL,
	"can_write" boolean DEFAULT false NOT NULL,
	"functionalities" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "role_permissions_subscriber_id_role_id_area_pk" PRIMARY KEY("subscriber_id","role_id","area")
);
--> statement-breakpoint
CREATE TABLE "item_rate_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "per_diem_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_rate_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"billing_customer_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text,
	"email" text,
	"latitude" double precision,
	"longitude" double precision,
	"is_billing_customer" boolean DEFAULT false NOT NULL,
	"billing_customer_id" integer
);
--> statement-breakpoint
CREATE TABLE "rate_sheet_labor_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_rate_sheet_id" integer NOT NULL,
	"technician_user_id" integer NOT NULL,
	"daily_rate" numeric(12, 2) NOT NULL,
	"hourly_rate" numeric(12, 2) NOT NULL,
	"ot_hourly_rate" numeric(12, 2) NOT NULL,
	"stand_by_rate" numeric(12, 2) NOT NULL,
	"apprentice_rate" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "rate_sheet_trucks" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_rate_sheet_id" integer NOT NULL,
	"name" text NOT NULL,
	"hourly_rate" numeric(12, 2) NOT NULL,
	"trip_charge" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_technicians" (
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "work_order_technicians_work_order_id_user_id_pk" PRIMARY KEY("work_order_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"billing_customer_id" integer,
	"work_order_status_id" integer NOT NULL,
	"problem" text NOT NULL,
	"nte" numeric(12, 2),
	"parent_work_order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_status_entries" ADD CONSTRAINT "user_status_entries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_status_entries" ADD CONSTRAINT "user_status_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_status_entries" ADD CONSTRAINT "user_status_entries_user_status_id_user_statuses_id_fk" FOREIGN KEY ("user_status_id") REFERENCES "public"."user_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_status_id_user_statuses_id_fk" FOREIGN KEY ("user_status_id") REFERENCES "public"."user_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "per_diem_types" ADD CONSTRAINT "per_diem_types_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_flags" ADD CONSTRAINT "work_order_flags_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rate_sheets" ADD CONSTRAINT "customer_rate_sheets_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rate_sheets" ADD CONSTRAINT "customer_rate_sheets_billing_customer_id_customers_id_fk" FOREIGN KEY ("billing_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_billing_customer_id_customers_id_fk" FOREIGN KEY ("billing_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_labor_items" ADD CONSTRAINT "rate_sheet_labor_items_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_labor_items" ADD CONSTRAINT "rate_sheet_labor_items_customer_rate_sheet_id_customer_rate_sheets_id_fk" FOREIGN KEY ("customer_rate_sheet_id") REFERENCES "public"."customer_rate_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_labor_items" ADD CONSTRAINT "rate_sheet_labor_items_technician_user_id_users_id_fk" FOREIGN KEY ("technician_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_trucks" ADD CONSTRAINT "rate_sheet_trucks_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_trucks" ADD CONSTRAINT "rate_sheet_trucks_customer_rate_sheet_id_customer_rate_sheets_id_fk" FOREIGN KEY ("customer_rate_sheet_id") REFERENCES "public"."customer_rate_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_technicians" ADD CONSTRAINT "work_order_technicians_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_technicians" ADD CONSTRAINT "work_order_technicians_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_technicians" ADD CONSTRAINT "work_order_technicians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_billing_customer_id_customers_id_fk" FOREIGN KEY ("billing_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_work_order_status_id_work_order_statuses_id_fk" FOREIGN KEY ("work_order_status_id") REFERENCES "public"."work_order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_parent_work_order_id_work_orders_id_fk" FOREIGN KEY ("parent_work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_status_entries_user_idx" ON "user_status_entries" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_status_entries_one_open" ON "user_status_entries" USING btree ("user_id") WHERE "user_status_entries"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_unique" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "users_subscriber_idx" ON "users" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "customers_subscriber_idx" ON "customers" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "rate_sheet_labor_items_tech_idx" ON "rate_sheet_labor_items" USING btree ("technician_user_id");--> statement-breakpoint
CREATE INDEX "work_order_technicians_user_idx" ON "work_order_technicians" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_number_unique" ON "work_orders" USING btree ("subscriber_id",lower("work_order_number"));--> statement-breakpoint
CREATE INDEX "work_orders_subscriber_status_idx" ON "work_orders" USING btree ("subscriber_id","work_order_status_id");
CREATE TABLE "provider_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"provider" text NOT NULL,
	"base_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"user_name" text,
	"password" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_accounts_provider" CHECK ("provider_accounts"."provider" in ('corrigo', 'serviceChannel'))
);
--> statement-breakpoint
CREATE TABLE "provider_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"labor_id" integer,
	"user_id" integer,
	"provider" text NOT NULL,
	"action" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_meters" double precision,
	"request" jsonb,
	"is_ok" boolean NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "site_radius_meters" double precision;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "provider_work_order_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "provider_customer_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD COLUMN "start_accuracy_meters" double precision;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD COLUMN "stop_accuracy_meters" double precision;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD COLUMN "kind" text DEFAULT 'service' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD COLUMN "sales_person_user_id" integer;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD CONSTRAINT "provider_accounts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD CONSTRAINT "provider_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_actions" ADD CONSTRAINT "provider_actions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_actions" ADD CONSTRAINT "provider_actions_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_actions" ADD CONSTRAINT "provider_actions_labor_id_work_order_labor_id_fk" FOREIGN KEY ("labor_id") REFERENCES "public"."work_order_labor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_actions" ADD CONSTRAINT "provider_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_accounts_one_per_provider" ON "provider_accounts" USING btree ("subscriber_id","provider");--> statement-breakpoint
CREATE INDEX "provider_actions_work_order_idx" ON "provider_actions" USING btree ("work_order_id","created_at");--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_sales_person_user_id_users_id_fk" FOREIGN KEY ("sales_person_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_provider_unique" ON "work_orders" USING btree ("subscriber_id","provider","provider_work_order_id") WHERE "work_orders"."provider" is not null;--> statement-breakpoint
CREATE INDEX "schedule_items_sales_start_idx" ON "schedule_items" USING btree ("subscriber_id","sales_person_user_id","start_at") WHERE "schedule_items"."kind" = 'sales';--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_provider_kind" CHECK ("work_orders"."provider" is null or "work_orders"."provider" in ('corrigo', 'serviceChannel'));--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_provider_id" CHECK (("work_orders"."provider" is null) = ("work_orders"."provider_work_order_id" is null));--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_kind" CHECK ("schedule_items"."kind" in ('service', 'sales'));--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_sales_task" CHECK ("schedule_items"."kind" <> 'sales' or ("schedule_items"."customer_id" is not null and "schedule_items"."sales_person_user_id" is not null and "schedule_items"."technician_user_id" is null and "schedule_items"."work_order_id" is null));
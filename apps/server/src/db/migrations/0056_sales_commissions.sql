CREATE TABLE "commission_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"sales_class_id" integer,
	"kind" text NOT NULL,
	"rate_percent" numeric(7, 4) NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_kind" CHECK ("commission_rates"."kind" in ('salesPerson', 'manager', 'previous', 'territory')),
	CONSTRAINT "commission_rates_percent" CHECK ("commission_rates"."rate_percent" >= 0 and "commission_rates"."rate_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "invoice_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"base" numeric(14, 2) NOT NULL,
	"rate_percent" numeric(7, 4) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"earned_on" date NOT NULL,
	"is_reversal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_commissions_kind" CHECK ("invoice_commissions"."kind" in ('salesPerson', 'manager', 'previous', 'territory'))
);
--> statement-breakpoint
CREATE TABLE "sales_tag_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"sales_tag_id" integer NOT NULL,
	"customer_id" integer,
	"work_order_id" integer,
	"note" text,
	"tagged_by" integer NOT NULL,
	"tagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_tag_links_one_target" CHECK (("sales_tag_links"."customer_id" is null) <> ("sales_tag_links"."work_order_id" is null))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sales_person_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sales_manager_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "previous_sales_person_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "territory_sales_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "sales_person_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "sales_item_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "is_commissionable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "company_list_rows" ADD COLUMN "flag" boolean;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_sales_class_id_company_list_rows_id_fk" FOREIGN KEY ("sales_class_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_commissions" ADD CONSTRAINT "invoice_commissions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_commissions" ADD CONSTRAINT "invoice_commissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_commissions" ADD CONSTRAINT "invoice_commissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_tag_links" ADD CONSTRAINT "sales_tag_links_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_tag_links" ADD CONSTRAINT "sales_tag_links_sales_tag_id_company_list_rows_id_fk" FOREIGN KEY ("sales_tag_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_tag_links" ADD CONSTRAINT "sales_tag_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_tag_links" ADD CONSTRAINT "sales_tag_links_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_tag_links" ADD CONSTRAINT "sales_tag_links_tagged_by_users_id_fk" FOREIGN KEY ("tagged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rates_unique" ON "commission_rates" USING btree ("subscriber_id",coalesce("sales_class_id", 0),"kind","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_commissions_original_unique" ON "invoice_commissions" USING btree ("invoice_id","kind") WHERE not "invoice_commissions"."is_reversal";--> statement-breakpoint
CREATE INDEX "invoice_commissions_report_idx" ON "invoice_commissions" USING btree ("subscriber_id","earned_on","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_tag_links_customer_unique" ON "sales_tag_links" USING btree ("sales_tag_id","customer_id") WHERE "sales_tag_links"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_tag_links_work_order_unique" ON "sales_tag_links" USING btree ("sales_tag_id","work_order_id") WHERE "sales_tag_links"."work_order_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_tag_links_subscriber_idx" ON "sales_tag_links" USING btree ("subscriber_id","sales_tag_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_sales_person_id_users_id_fk" FOREIGN KEY ("sales_person_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_sales_manager_id_users_id_fk" FOREIGN KEY ("sales_manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_previous_sales_person_id_users_id_fk" FOREIGN KEY ("previous_sales_person_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_territory_sales_id_users_id_fk" FOREIGN KEY ("territory_sales_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_sales_person_id_users_id_fk" FOREIGN KEY ("sales_person_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_sales_item_id_company_list_rows_id_fk" FOREIGN KEY ("sales_item_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
SELECT protect_company_tables();

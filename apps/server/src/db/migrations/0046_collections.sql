CREATE TABLE "credit_held_work_orders" (
	"work_order_id" integer PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status_before_id" integer NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_held_work_orders" ADD CONSTRAINT "credit_held_work_orders_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_held_work_orders" ADD CONSTRAINT "credit_held_work_orders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_held_work_orders" ADD CONSTRAINT "credit_held_work_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_held_work_orders_customer_idx" ON "credit_held_work_orders" USING btree ("subscriber_id","customer_id");--> statement-breakpoint
CREATE INDEX "customers_credit_hold_idx" ON "customers" USING btree ("subscriber_id") WHERE "customers"."is_on_credit_hold";--> statement-breakpoint
CREATE INDEX "invoices_open_aging_idx" ON "invoices" USING btree ("subscriber_id","billing_customer_id","invoice_date","amount_due") WHERE "invoices"."amount_due" > 0;--> statement-breakpoint
-- Every new table carries a company id: row-level security as on every company table (migration 0026).
SELECT protect_company_tables();

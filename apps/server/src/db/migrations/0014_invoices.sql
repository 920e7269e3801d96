CREATE TABLE "billing_settings" (
	"subscriber_id" integer PRIMARY KEY NOT NULL,
	"next_invoice_number" integer DEFAULT 1 NOT NULL,
	"convenience_fee_percent" numeric(6, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "billing_settings_next_number" CHECK ("billing_settings"."next_invoice_number" >= 1),
	CONSTRAINT "billing_settings_fee" CHECK ("billing_settings"."convenience_fee_percent" >= 0 and "billing_settings"."convenience_fee_percent" <= 10)
);
--> statement-breakpoint
CREATE TABLE "credit_memo_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"credit_memo_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"applied_by" integer,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_memo_applications_amount" CHECK ("credit_memo_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_memos" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"billing_customer_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_applied" numeric(14, 2) DEFAULT '0' NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_memos_amounts" CHECK ("credit_memos"."amount" > 0 and "credit_memos"."amount_applied" >= 0 and "credit_memos"."amount_applied" <= "credit_memos"."amount")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"technician" text,
	"quantity" numeric(12, 3),
	"rate" numeric(12, 2),
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "invoice_lines_kind" CHECK ("invoice_lines"."kind" in ('regular', 'overtime', 'standby', 'apprentice', 'material', 'standardItem', 'rateSheetItem', 'quoted', 'tripCharge', 'freight'))
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_method" text NOT NULL,
	"convenience_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"received_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount" CHECK ("invoice_payments"."amount" > 0 and "invoice_payments"."convenience_fee" >= 0),
	CONSTRAINT "invoice_payments_method" CHECK ("invoice_payments"."payment_method" in ('Cash', 'Check', 'Credit Card', 'ACH')),
	CONSTRAINT "invoice_payments_fee_on_card" CHECK ("invoice_payments"."payment_method" = 'Credit Card' or "invoice_payments"."convenience_fee" = 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"invoice_number" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"billing_customer_id" integer NOT NULL,
	"state" text NOT NULL,
	"invoice_date" date NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"total_taxable" numeric(14, 2) NOT NULL,
	"tax_rate" numeric(6, 3) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"use_tax" numeric(14, 2) NOT NULL,
	"is_tax_exempt" boolean NOT NULL,
	"is_use_tax" boolean NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"convenience_fee_percent" numeric(6, 3) NOT NULL,
	"totals" jsonb NOT NULL,
	"credits_applied" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payments_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"convenience_fees" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount_due" numeric(14, 2) NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."subtotal" >= 0 and "invoices"."tax" >= 0 and "invoices"."total" >= 0 and "invoices"."credits_applied" >= 0 and "invoices"."payments_total" >= 0),
	CONSTRAINT "invoices_due" CHECK ("invoices"."amount_due" >= 0 and "invoices"."amount_due" = "invoices"."total" - "invoices"."credits_applied" - "invoices"."payments_total")
);
--> statement-breakpoint
CREATE TABLE "tax_rates_per_state" (
	"subscriber_id" integer NOT NULL,
	"state" text NOT NULL,
	"tax_rate" numeric(6, 3) NOT NULL,
	"is_service_taxable" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tax_rates_per_state_subscriber_id_state_pk" PRIMARY KEY("subscriber_id","state"),
	CONSTRAINT "tax_rates_per_state_rate" CHECK ("tax_rates_per_state"."tax_rate" >= 0 and "tax_rates_per_state"."tax_rate" <= 30),
	CONSTRAINT "tax_rates_per_state_state" CHECK ("tax_rates_per_state"."state" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memo_applications" ADD CONSTRAINT "credit_memo_applications_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memo_applications" ADD CONSTRAINT "credit_memo_applications_credit_memo_id_credit_memos_id_fk" FOREIGN KEY ("credit_memo_id") REFERENCES "public"."credit_memos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memo_applications" ADD CONSTRAINT "credit_memo_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memo_applications" ADD CONSTRAINT "credit_memo_applications_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_billing_customer_id_customers_id_fk" FOREIGN KEY ("billing_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billing_customer_id_customers_id_fk" FOREIGN KEY ("billing_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates_per_state" ADD CONSTRAINT "tax_rates_per_state_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_memo_applications_invoice_idx" ON "credit_memo_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_memo_applications_memo_idx" ON "credit_memo_applications" USING btree ("credit_memo_id");--> statement-breakpoint
CREATE INDEX "credit_memos_customer_idx" ON "credit_memos" USING btree ("subscriber_id","billing_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_order" ON "invoice_lines" USING btree ("invoice_id","ordinal");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_work_order_unique" ON "invoices" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("subscriber_id","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_subscriber_date_idx" ON "invoices" USING btree ("subscriber_id","invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_billing_customer_idx" ON "invoices" USING btree ("billing_customer_id");--> statement-breakpoint
INSERT INTO "role_permissions" ("subscriber_id", "role_id", "area", "can_read", "can_write", "functionalities")
SELECT s."id", r."role_id", 'Billing', true, false, '{}'::text[] FROM "subscribers" s CROSS JOIN (VALUES (17), (21)) AS r("role_id")
ON CONFLICT DO NOTHING;

CREATE TABLE "discount_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"applies_to" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "discount_reasons_applies_to" CHECK ("discount_reasons"."applies_to" in ('labor', 'item', 'freight'))
);
--> statement-breakpoint
CREATE TABLE "markup_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"markup_percent" numeric(7, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "markup_groups_percent" CHECK ("markup_groups"."markup_percent" >= 0 and "markup_groups"."markup_percent" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"purpose" text DEFAULT 'general' NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_purpose" CHECK ("email_templates"."purpose" in ('general', 'quote', 'invoice', 'estimate'))
);
--> statement-breakpoint
CREATE TABLE "customer_estimate_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"estimate_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"kind" text NOT NULL,
	"standard_item_id" integer,
	"description" text NOT NULL,
	"quantity" numeric(12, 4) NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"markup_group" text,
	"markup_percent" numeric(7, 2) DEFAULT '0' NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount_reason" text,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "customer_estimate_lines_kind" CHECK ("customer_estimate_lines"."kind" in ('labor', 'material', 'standardItem')),
	CONSTRAINT "customer_estimate_lines_amounts" CHECK ("customer_estimate_lines"."quantity" > 0 and "customer_estimate_lines"."unit_cost" >= 0 and "customer_estimate_lines"."unit_price" >= 0 and "customer_estimate_lines"."markup_percent" >= 0 and "customer_estimate_lines"."discount" >= 0),
	CONSTRAINT "customer_estimate_lines_discount_reason" CHECK ("customer_estimate_lines"."discount" = 0 or "customer_estimate_lines"."discount_reason" is not null),
	CONSTRAINT "customer_estimate_lines_discount_at_most_total" CHECK ("customer_estimate_lines"."discount" <= round("customer_estimate_lines"."quantity" * "customer_estimate_lines"."unit_price", 2)),
	CONSTRAINT "customer_estimate_lines_standard_item_kind" CHECK ("customer_estimate_lines"."standard_item_id" is null or "customer_estimate_lines"."kind" = 'standardItem')
);
--> statement-breakpoint
CREATE TABLE "customer_estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"estimate_number" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'Open' NOT NULL,
	"valid_until" date,
	"decline_reason" text,
	"work_order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_estimates_number_positive" CHECK ("customer_estimates"."estimate_number" > 0),
	CONSTRAINT "customer_estimates_status" CHECK ("customer_estimates"."status" in ('Open', 'Sent', 'Accepted', 'Declined', 'Converted')),
	CONSTRAINT "customer_estimates_converted" CHECK (("customer_estimates"."status" = 'Converted') = ("customer_estimates"."work_order_id" is not null)),
	CONSTRAINT "customer_estimates_declined" CHECK ("customer_estimates"."status" <> 'Declined' or "customer_estimates"."decline_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_amount";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tax_exempt_certificate" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tax_exempt_expires_on" date;--> statement-breakpoint
ALTER TABLE "discount_reasons" ADD CONSTRAINT "discount_reasons_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_groups" ADD CONSTRAINT "markup_groups_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_estimate_lines" ADD CONSTRAINT "customer_estimate_lines_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_estimate_lines" ADD CONSTRAINT "customer_estimate_lines_estimate_id_customer_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."customer_estimates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_estimate_lines" ADD CONSTRAINT "customer_estimate_lines_standard_item_id_standard_items_id_fk" FOREIGN KEY ("standard_item_id") REFERENCES "public"."standard_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_estimates" ADD CONSTRAINT "customer_estimates_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_estimates" ADD CONSTRAINT "customer_estimates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_estimates" ADD CONSTRAINT "customer_estimates_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_estimates" ADD CONSTRAINT "customer_estimates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_reasons_name_unique" ON "discount_reasons" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "markup_groups_name_unique" ON "markup_groups" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_name_unique" ON "email_templates" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_estimate_lines_number_unique" ON "customer_estimate_lines" USING btree ("estimate_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_estimates_number_unique" ON "customer_estimates" USING btree ("subscriber_id","estimate_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_estimates_work_order_unique" ON "customer_estimates" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "customer_estimates_customer_idx" ON "customer_estimates" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_amount" CHECK ("invoice_payments"."amount" >= 0 and "invoice_payments"."convenience_fee" >= 0);
CREATE TABLE "company_list_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"list_key" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"amount" numeric(12, 2),
	"percent" numeric(7, 2),
	"whole_number" integer,
	"kind" text,
	"description" text,
	CONSTRAINT "company_list_rows_amount" CHECK ("company_list_rows"."amount" is null or "company_list_rows"."amount" >= 0),
	CONSTRAINT "company_list_rows_percent" CHECK ("company_list_rows"."percent" is null or ("company_list_rows"."percent" >= 0 and "company_list_rows"."percent" <= 1000)),
	CONSTRAINT "company_list_rows_whole_number" CHECK ("company_list_rows"."whole_number" is null or "company_list_rows"."whole_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"subscriber_id" integer NOT NULL,
	"form_key" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_subscriber_id_form_key_pk" PRIMARY KEY("subscriber_id","form_key"),
	CONSTRAINT "company_settings_values" CHECK (jsonb_typeof("company_settings"."values") = 'object')
);
--> statement-breakpoint
DROP INDEX "discount_reasons_name_unique";--> statement-breakpoint
ALTER TABLE "per_diem_types" ADD COLUMN "amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "per_diem_types" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "company_list_rows" ADD CONSTRAINT "company_list_rows_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_list_rows_name_unique" ON "company_list_rows" USING btree ("subscriber_id","list_key",lower("name"));--> statement-breakpoint
CREATE INDEX "company_list_rows_list_idx" ON "company_list_rows" USING btree ("subscriber_id","list_key");--> statement-breakpoint
CREATE UNIQUE INDEX "per_diem_types_name_unique" ON "per_diem_types" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "discount_reasons_name_unique" ON "discount_reasons" USING btree ("subscriber_id","applies_to",lower("name"));--> statement-breakpoint
ALTER TABLE "per_diem_types" ADD CONSTRAINT "per_diem_types_amount" CHECK ("per_diem_types"."amount" is null or "per_diem_types"."amount" >= 0);--> statement-breakpoint
-- hand-written below
-- Companies that exist already start with the payment terms and methods a new company gets (starting-rows.ts).
INSERT INTO company_list_rows (subscriber_id, list_key, name, whole_number)
SELECT s.id, v.list_key, v.name, v.whole_number FROM subscribers s
CROSS JOIN (VALUES ('terms', 'Due on Receipt', 0), ('terms', 'Net 15', 15), ('terms', 'Net 30', 30),
  ('paymentMethods', 'Cash', NULL), ('paymentMethods', 'Check', NULL), ('paymentMethods', 'Credit Card', NULL), ('paymentMethods', 'ACH', NULL),
  ('billingMethods', 'E-mail', NULL), ('billingMethods', 'Mail', NULL)) AS v(list_key, name, whole_number);--> statement-breakpoint
-- The new tables carry a company id: the company policy of 0026 keeps each company to its own rows.
SELECT protect_company_tables();

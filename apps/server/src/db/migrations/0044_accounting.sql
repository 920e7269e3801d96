CREATE TABLE "accounting_posting_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"posting_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_posting_attempts_outcome" CHECK ("accounting_posting_attempts"."outcome" in ('posted', 'alreadyPosted', 'retry', 'refused', 'failed', 'resent'))
);
--> statement-breakpoint
CREATE TABLE "accounting_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"document_kind" text NOT NULL,
	"document_number" text NOT NULL,
	"invoice_id" integer,
	"payment_id" integer,
	"credit_memo_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"record_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	CONSTRAINT "accounting_postings_kind" CHECK ("accounting_postings"."document_kind" in ('invoice', 'payment', 'creditMemo')),
	CONSTRAINT "accounting_postings_status" CHECK ("accounting_postings"."status" in ('queued', 'retrying', 'posted', 'failed')),
	CONSTRAINT "accounting_postings_attempts" CHECK ("accounting_postings"."attempts" >= 0),
	CONSTRAINT "accounting_postings_source" CHECK (("accounting_postings"."document_kind" = 'invoice' and "accounting_postings"."invoice_id" is not null) or ("accounting_postings"."document_kind" = 'payment' and "accounting_postings"."payment_id" is not null) or ("accounting_postings"."document_kind" = 'creditMemo' and "accounting_postings"."credit_memo_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "intacct_accounts" (
	"subscriber_id" integer PRIMARY KEY NOT NULL,
	"endpoint_url" text NOT NULL,
	"sender_id" text NOT NULL,
	"sender_password" text NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_password" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intacct_additional_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"gl_account_id" integer NOT NULL,
	"department_id" integer,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intacct_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"department_no" text NOT NULL,
	"title" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_from_intacct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intacct_gl_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"account_no" text NOT NULL,
	"title" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_from_intacct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intacct_item_gl_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"gl_account_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intacct_line_kind_accounts" (
	"subscriber_id" integer NOT NULL,
	"line_kind" text NOT NULL,
	"gl_account_id" integer NOT NULL,
	"department_id" integer,
	CONSTRAINT "intacct_line_kind_accounts_subscriber_id_line_kind_pk" PRIMARY KEY("subscriber_id","line_kind"),
	CONSTRAINT "intacct_line_kind_accounts_kind" CHECK ("intacct_line_kind_accounts"."line_kind" in ('regular', 'overtime', 'standby', 'apprentice', 'material', 'standardItem', 'rateSheetItem', 'quoted', 'tripCharge', 'freight', 'tax', 'convenienceFee', 'creditMemo', 'payment'))
);
--> statement-breakpoint
ALTER TABLE "accounting_posting_attempts" ADD CONSTRAINT "accounting_posting_attempts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_posting_attempts" ADD CONSTRAINT "accounting_posting_attempts_posting_id_accounting_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."accounting_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_postings" ADD CONSTRAINT "accounting_postings_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_postings" ADD CONSTRAINT "accounting_postings_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_postings" ADD CONSTRAINT "accounting_postings_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_postings" ADD CONSTRAINT "accounting_postings_credit_memo_id_credit_memos_id_fk" FOREIGN KEY ("credit_memo_id") REFERENCES "public"."credit_memos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_accounts" ADD CONSTRAINT "intacct_accounts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_accounts" ADD CONSTRAINT "intacct_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_additional_line_items" ADD CONSTRAINT "intacct_additional_line_items_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_additional_line_items" ADD CONSTRAINT "intacct_additional_line_items_gl_account_id_intacct_gl_accounts_id_fk" FOREIGN KEY ("gl_account_id") REFERENCES "public"."intacct_gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_additional_line_items" ADD CONSTRAINT "intacct_additional_line_items_department_id_intacct_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."intacct_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_departments" ADD CONSTRAINT "intacct_departments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_gl_accounts" ADD CONSTRAINT "intacct_gl_accounts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_item_gl_groups" ADD CONSTRAINT "intacct_item_gl_groups_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_item_gl_groups" ADD CONSTRAINT "intacct_item_gl_groups_gl_account_id_intacct_gl_accounts_id_fk" FOREIGN KEY ("gl_account_id") REFERENCES "public"."intacct_gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_line_kind_accounts" ADD CONSTRAINT "intacct_line_kind_accounts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_line_kind_accounts" ADD CONSTRAINT "intacct_line_kind_accounts_gl_account_id_intacct_gl_accounts_id_fk" FOREIGN KEY ("gl_account_id") REFERENCES "public"."intacct_gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intacct_line_kind_accounts" ADD CONSTRAINT "intacct_line_kind_accounts_department_id_intacct_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."intacct_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_posting_attempts_posting_idx" ON "accounting_posting_attempts" USING btree ("posting_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_postings_document" ON "accounting_postings" USING btree ("subscriber_id","document_kind","document_number");--> statement-breakpoint
CREATE INDEX "accounting_postings_invoice_idx" ON "accounting_postings" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "accounting_postings_log_idx" ON "accounting_postings" USING btree ("subscriber_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "intacct_additional_line_items_name" ON "intacct_additional_line_items" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "intacct_departments_number" ON "intacct_departments" USING btree ("subscriber_id","department_no");--> statement-breakpoint
CREATE UNIQUE INDEX "intacct_gl_accounts_number" ON "intacct_gl_accounts" USING btree ("subscriber_id","account_no");--> statement-breakpoint
CREATE UNIQUE INDEX "intacct_item_gl_groups_name" ON "intacct_item_gl_groups" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
-- Every new table carries a company id: row-level security as on every company table (migration 0026).
SELECT protect_company_tables();

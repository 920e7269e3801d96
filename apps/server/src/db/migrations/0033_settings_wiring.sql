ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_method";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "terms_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_method_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_method_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "bcc" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_terms_id_company_list_rows_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_billing_method_id_company_list_rows_id_fk" FOREIGN KEY ("billing_method_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_payment_method_id_company_list_rows_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_method" CHECK (char_length("invoice_payments"."payment_method") between 1 and 100);
ALTER TABLE "customers" ADD COLUMN "provider_invoice_days" integer;--> statement-breakpoint
CREATE INDEX "work_order_labor_subscriber_started_idx" ON "work_order_labor" USING btree ("subscriber_id","started_at");--> statement-breakpoint
CREATE INDEX "schedule_items_work_order_idx" ON "schedule_items" USING btree ("work_order_id") WHERE "schedule_items"."work_order_id" is not null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_provider_invoice_days" CHECK ("customers"."provider_invoice_days" between 1 and 365);
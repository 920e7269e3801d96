CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "customers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_address_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "work_orders_customer_idx";--> statement-breakpoint
DROP INDEX "work_orders_number_trgm_idx";--> statement-breakpoint
DROP INDEX "work_orders_problem_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_phone_digits_trgm_idx" ON "contacts" USING gin (("subscriber_id" + 0),regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin (("subscriber_id" + 0),lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (("subscriber_id" + 0),lower("name" || ' ' || "address" || ' ' || "city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_digits_trgm_idx" ON "customers" USING gin (("subscriber_id" + 0),regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_billing_customer_idx" ON "work_orders" USING btree ("billing_customer_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin (("subscriber_id" + 0),lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_customer_idx" ON "work_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_number_trgm_idx" ON "work_orders" USING gin (("subscriber_id" + 0),lower("work_order_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_problem_trgm_idx" ON "work_orders" USING gin (("subscriber_id" + 0),lower("problem") gin_trgm_ops);
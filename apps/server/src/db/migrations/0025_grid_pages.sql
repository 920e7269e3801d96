DROP INDEX "work_orders_customer_idx";--> statement-breakpoint
DROP INDEX "work_orders_billing_customer_idx";--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (("subscriber_id" + 0),lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_customer_idx" ON "work_orders" USING btree ("customer_id","subscriber_id","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_billing_customer_idx" ON "work_orders" USING btree ("billing_customer_id","subscriber_id","created_at");
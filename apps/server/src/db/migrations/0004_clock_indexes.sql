DROP INDEX "work_order_technicians_user_idx";--> statement-breakpoint
CREATE INDEX "work_order_technicians_user_work_order_idx" ON "work_order_technicians" USING btree ("user_id","work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_labor_user_stopped_idx" ON "work_order_labor" USING btree ("user_id","stopped_at");
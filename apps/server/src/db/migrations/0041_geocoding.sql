ALTER TABLE "work_order_labor" ADD COLUMN "start_address" text;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD COLUMN "stop_address" text;
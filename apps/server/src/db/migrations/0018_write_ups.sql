CREATE TABLE "write_up_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"write_up_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "write_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"work_order_id" integer,
	"work_order_flag_id" integer,
	"description" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "write_up_notices" ADD CONSTRAINT "write_up_notices_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_up_notices" ADD CONSTRAINT "write_up_notices_write_up_id_write_ups_id_fk" FOREIGN KEY ("write_up_id") REFERENCES "public"."write_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_up_notices" ADD CONSTRAINT "write_up_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_ups" ADD CONSTRAINT "write_ups_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_ups" ADD CONSTRAINT "write_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_ups" ADD CONSTRAINT "write_ups_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_ups" ADD CONSTRAINT "write_ups_work_order_flag_id_work_order_flags_id_fk" FOREIGN KEY ("work_order_flag_id") REFERENCES "public"."work_order_flags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_ups" ADD CONSTRAINT "write_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_ups" ADD CONSTRAINT "write_ups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "write_up_notices_one_per_user" ON "write_up_notices" USING btree ("write_up_id","user_id");--> statement-breakpoint
CREATE INDEX "write_up_notices_user_idx" ON "write_up_notices" USING btree ("user_id","dismissed_at");--> statement-breakpoint
CREATE INDEX "write_ups_subscriber_user_idx" ON "write_ups" USING btree ("subscriber_id","user_id");
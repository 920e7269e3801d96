CREATE TABLE "scheduled_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "scheduled_jobs_status" CHECK ("scheduled_jobs"."status" in ('queued', 'done', 'failed', 'cancelled')),
	CONSTRAINT "scheduled_jobs_attempts" CHECK ("scheduled_jobs"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "flag_reminder_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"flag_reminder_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"help_requested_at" timestamp with time zone,
	"help_message" text
);
--> statement-breakpoint
CREATE TABLE "flag_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"work_order_flag_id" integer NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fired_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "flag_reminders_fired_or_cancelled" CHECK ("flag_reminders"."fired_at" is null or "flag_reminders"."cancelled_at" is null)
);
--> statement-breakpoint
ALTER TABLE "scheduled_jobs" ADD CONSTRAINT "scheduled_jobs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reminder_notices" ADD CONSTRAINT "flag_reminder_notices_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reminder_notices" ADD CONSTRAINT "flag_reminder_notices_flag_reminder_id_flag_reminders_id_fk" FOREIGN KEY ("flag_reminder_id") REFERENCES "public"."flag_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reminder_notices" ADD CONSTRAINT "flag_reminder_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reminders" ADD CONSTRAINT "flag_reminders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reminders" ADD CONSTRAINT "flag_reminders_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reminders" ADD CONSTRAINT "flag_reminders_work_order_flag_id_work_order_flags_id_fk" FOREIGN KEY ("work_order_flag_id") REFERENCES "public"."work_order_flags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reminders" ADD CONSTRAINT "flag_reminders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_jobs_due_idx" ON "scheduled_jobs" USING btree ("run_at") WHERE "scheduled_jobs"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_jobs_waiting_key" ON "scheduled_jobs" USING btree ("dedupe_key") WHERE "scheduled_jobs"."status" = 'queued' and "scheduled_jobs"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "flag_reminder_notices_one_per_user" ON "flag_reminder_notices" USING btree ("flag_reminder_id","user_id");--> statement-breakpoint
CREATE INDEX "flag_reminder_notices_user_idx" ON "flag_reminder_notices" USING btree ("user_id","acknowledged_at");--> statement-breakpoint
CREATE INDEX "flag_reminders_work_order_idx" ON "flag_reminders" USING btree ("work_order_id");
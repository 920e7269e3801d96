CREATE TABLE "schedule_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer,
	"technician_user_id" integer,
	"task" text,
	"start_at" timestamp with time zone NOT NULL,
	"duration_hours" numeric(6, 4) DEFAULT 0.25 NOT NULL,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"is_appointment" boolean DEFAULT false NOT NULL,
	"no_visit_required" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone,
	"recurrence_rule" text,
	"recurrence_exceptions" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"recurrence_id" integer,
	"occurrence_start" timestamp with time zone,
	"last_occurrence_end" timestamp with time zone,
	"color" text DEFAULT 'blue' NOT NULL,
	"time_zone" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_items_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "schedule_items_duration_range" CHECK ("schedule_items"."duration_hours" > 0 and "schedule_items"."duration_hours" <= 24),
	CONSTRAINT "schedule_items_task_or_work_order" CHECK ("schedule_items"."work_order_id" is not null or btrim(coalesce("schedule_items"."task", '')) <> ''),
	CONSTRAINT "schedule_items_occurrence_has_no_rule" CHECK ("schedule_items"."recurrence_id" is null or "schedule_items"."recurrence_rule" is null),
	CONSTRAINT "schedule_items_occurrence_start" CHECK (("schedule_items"."recurrence_id" is null) = ("schedule_items"."occurrence_start" is null)),
	CONSTRAINT "schedule_items_exceptions_of_series" CHECK ("schedule_items"."recurrence_rule" is not null or cardinality("schedule_items"."recurrence_exceptions") = 0),
	CONSTRAINT "schedule_items_color" CHECK ("schedule_items"."color" in ('blue', 'red', 'gray', 'green', 'orange', 'purple')),
	CONSTRAINT "schedule_items_time_zone" CHECK ("schedule_items"."time_zone" <> '')
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "time_zone" text DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_technician_user_id_users_id_fk" FOREIGN KEY ("technician_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_series_fk" FOREIGN KEY ("subscriber_id","recurrence_id") REFERENCES "public"."schedule_items"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_items_one_edit_per_occurrence" ON "schedule_items" USING btree ("recurrence_id","occurrence_start") WHERE not "schedule_items"."is_deleted";--> statement-breakpoint
CREATE INDEX "schedule_items_subscriber_start_idx" ON "schedule_items" USING btree ("subscriber_id","start_at");--> statement-breakpoint
CREATE INDEX "schedule_items_technician_start_idx" ON "schedule_items" USING btree ("subscriber_id","technician_user_id","start_at");--> statement-breakpoint
CREATE INDEX "schedule_items_series_idx" ON "schedule_items" USING btree ("subscriber_id","technician_user_id") WHERE "schedule_items"."recurrence_rule" is not null and not "schedule_items"."is_deleted";
CREATE TABLE "pay_period_locks" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"locked_by" integer NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_period_locks_order" CHECK ("pay_period_locks"."ends_on" >= "pay_period_locks"."starts_on" and "pay_period_locks"."ends_at" > "pay_period_locks"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"subscriber_id" integer PRIMARY KEY NOT NULL,
	"pay_frequency" text DEFAULT 'Bi-Weekly' NOT NULL,
	"pay_week_starts_on" smallint DEFAULT 0 NOT NULL,
	"overtime_after_weekly_hours" numeric(5, 2) DEFAULT '40' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_settings_frequency" CHECK ("payroll_settings"."pay_frequency" in ('Weekly', 'Bi-Weekly')),
	CONSTRAINT "payroll_settings_week_start" CHECK ("payroll_settings"."pay_week_starts_on" between 0 and 6),
	CONSTRAINT "payroll_settings_overtime" CHECK ("payroll_settings"."overtime_after_weekly_hours" > 0 and "payroll_settings"."overtime_after_weekly_hours" <= 80)
);
--> statement-breakpoint
CREATE TABLE "pto_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pto_entries_minutes" CHECK ("pto_entries"."minutes" > 0 and "pto_entries"."minutes" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "timesheet_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"regular_minutes" integer DEFAULT 0 NOT NULL,
	"overtime_minutes" integer DEFAULT 0 NOT NULL,
	"pto_minutes" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_adjustments_changes" CHECK ("timesheet_adjustments"."regular_minutes" <> 0 or "timesheet_adjustments"."overtime_minutes" <> 0 or "timesheet_adjustments"."pto_minutes" <> 0)
);
--> statement-breakpoint
CREATE TABLE "timesheet_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"regular_minutes" integer NOT NULL,
	"overtime_minutes" integer NOT NULL,
	"pto_minutes" integer NOT NULL,
	"approved_by" integer NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_period_locks" ADD CONSTRAINT "pay_period_locks_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_period_locks" ADD CONSTRAINT "pay_period_locks_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pto_entries" ADD CONSTRAINT "pto_entries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pto_entries" ADD CONSTRAINT "pto_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pto_entries" ADD CONSTRAINT "pto_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_adjustments" ADD CONSTRAINT "timesheet_adjustments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_adjustments" ADD CONSTRAINT "timesheet_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_adjustments" ADD CONSTRAINT "timesheet_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_approvals" ADD CONSTRAINT "timesheet_approvals_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_approvals" ADD CONSTRAINT "timesheet_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_approvals" ADD CONSTRAINT "timesheet_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_period_locks_start_unique" ON "pay_period_locks" USING btree ("subscriber_id","starts_on");--> statement-breakpoint
CREATE INDEX "pto_entries_user_date_idx" ON "pto_entries" USING btree ("user_id","work_date");--> statement-breakpoint
CREATE INDEX "timesheet_adjustments_user_date_idx" ON "timesheet_adjustments" USING btree ("user_id","work_date");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_approvals_unique" ON "timesheet_approvals" USING btree ("user_id","starts_on");--> statement-breakpoint
-- A locked pay period's time cannot change (issue: timesheets): labor, work-status time and time off of the company's
-- people inside a locked period are refused on insert, update and delete, whatever writes them. SQLSTATE SMLCK is the
-- error the API answers with its own sentence; corrections are timesheet adjustments.
CREATE FUNCTION locked_pay_period_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb;
  from_at timestamptz;
  to_at timestamptz;
BEGIN
  FOREACH row_json IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY[to_jsonb(NEW)] WHEN 'DELETE' THEN ARRAY[to_jsonb(OLD)] ELSE ARRAY[to_jsonb(OLD), to_jsonb(NEW)] END) LOOP
    IF TG_TABLE_NAME = 'pto_entries' THEN
      IF EXISTS (
        SELECT 1 FROM pay_period_locks l
         WHERE l.subscriber_id = (row_json ->> 'subscriber_id')::int AND (row_json ->> 'work_date')::date BETWEEN l.starts_on AND l.ends_on
      ) THEN
        RAISE EXCEPTION 'time off on % is in a locked pay period', row_json ->> 'work_date' USING ERRCODE = 'SMLCK';
      END IF;
      CONTINUE;
    END IF;
    from_at := (row_json ->> 'started_at')::timestamptz;
    to_at := COALESCE((row_json ->> CASE TG_TABLE_NAME WHEN 'work_order_labor' THEN 'stopped_at' ELSE 'ended_at' END)::timestamptz, 'infinity');
    IF EXISTS (
      SELECT 1 FROM pay_period_locks l
       WHERE l.subscriber_id = (row_json ->> 'subscriber_id')::int
         AND from_at < l.ends_at AND (to_at > l.starts_at OR from_at >= l.starts_at)
    ) THEN
      RAISE EXCEPTION 'this time is in a locked pay period' USING ERRCODE = 'SMLCK';
    END IF;
  END LOOP;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locked_pay_period_guard BEFORE INSERT OR UPDATE OR DELETE ON "work_order_labor"
  FOR EACH ROW EXECUTE FUNCTION locked_pay_period_guard();
--> statement-breakpoint
CREATE TRIGGER locked_pay_period_guard BEFORE INSERT OR UPDATE OR DELETE ON "user_status_entries"
  FOR EACH ROW EXECUTE FUNCTION locked_pay_period_guard();
--> statement-breakpoint
CREATE TRIGGER locked_pay_period_guard BEFORE INSERT OR UPDATE OR DELETE ON "pto_entries"
  FOR EACH ROW EXECUTE FUNCTION locked_pay_period_guard();

CREATE TABLE "work_order_labor" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"scheduler_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"is_reached_at_site" boolean DEFAULT true NOT NULL,
	"is_overtime" boolean DEFAULT false NOT NULL,
	"is_apprentice_rate_applied" boolean DEFAULT false NOT NULL,
	"no_of_service_channel_techs" integer DEFAULT 1 NOT NULL,
	"rate_sheet_labor_item_id" integer,
	"per_diem_type_id" integer,
	"item_rate_type_id" integer,
	"rate_sheet_truck_id" integer,
	"work_order_flag_id" integer,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"stop_latitude" double precision,
	"stop_longitude" double precision,
	"comment" text,
	"description" text,
	"company_description" text,
	"user_status_id_after" integer,
	"sc_primary_status" text,
	"sc_extended_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_labor_stops_after_start" CHECK ("work_order_labor"."stopped_at" is null or "work_order_labor"."stopped_at" >= "work_order_labor"."started_at"),
	CONSTRAINT "work_order_labor_techs_positive" CHECK ("work_order_labor"."no_of_service_channel_techs" >= 1)
);
--> statement-breakpoint
CREATE TABLE "work_order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"from_status_id" integer,
	"to_status_id" integer NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_rate_sheet_labor_item_id_rate_sheet_labor_items_id_fk" FOREIGN KEY ("rate_sheet_labor_item_id") REFERENCES "public"."rate_sheet_labor_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_per_diem_type_id_per_diem_types_id_fk" FOREIGN KEY ("per_diem_type_id") REFERENCES "public"."per_diem_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_rate_sheet_truck_id_rate_sheet_trucks_id_fk" FOREIGN KEY ("rate_sheet_truck_id") REFERENCES "public"."rate_sheet_trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_work_order_flag_id_work_order_flags_id_fk" FOREIGN KEY ("work_order_flag_id") REFERENCES "public"."work_order_flags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_user_status_id_after_user_statuses_id_fk" FOREIGN KEY ("user_status_id_after") REFERENCES "public"."user_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_status_history" ADD CONSTRAINT "work_order_status_history_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_status_history" ADD CONSTRAINT "work_order_status_history_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_status_history" ADD CONSTRAINT "work_order_status_history_from_status_id_work_order_statuses_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."work_order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_status_history" ADD CONSTRAINT "work_order_status_history_to_status_id_work_order_statuses_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."work_order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_status_history" ADD CONSTRAINT "work_order_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_labor_one_open_per_user" ON "work_order_labor" USING btree ("user_id") WHERE "work_order_labor"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "work_order_labor_work_order_idx" ON "work_order_labor" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_labor_user_started_idx" ON "work_order_labor" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "work_order_status_history_wo_idx" ON "work_order_status_history" USING btree ("work_order_id","changed_at");
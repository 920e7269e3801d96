CREATE TABLE "leak_repairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"movement_id" integer NOT NULL,
	"opened_on" date NOT NULL,
	"due_on" date NOT NULL,
	"is_industrial_shutdown" boolean DEFAULT false NOT NULL,
	"verification_work_order_id" integer,
	"repaired_on" date,
	"initial_test_on" date,
	"initial_test_passed" boolean,
	"follow_up_test_on" date,
	"follow_up_test_passed" boolean,
	"closed_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "leak_repairs_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "leak_repairs_due" CHECK ("leak_repairs"."due_on" >= "leak_repairs"."opened_on"),
	CONSTRAINT "leak_repairs_initial_test" CHECK (("leak_repairs"."initial_test_on" is null) = ("leak_repairs"."initial_test_passed" is null)),
	CONSTRAINT "leak_repairs_follow_up_test" CHECK (("leak_repairs"."follow_up_test_on" is null) = ("leak_repairs"."follow_up_test_passed" is null)),
	CONSTRAINT "leak_repairs_closed" CHECK ("leak_repairs"."closed_at" is null or ("leak_repairs"."repaired_on" is not null and "leak_repairs"."initial_test_passed" is true and "leak_repairs"."follow_up_test_passed" is true))
);
--> statement-breakpoint
CREATE TABLE "refrigerant_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"refrigerant_id" integer NOT NULL,
	"amount_ounces" numeric(10, 2) NOT NULL,
	"cylinder" text,
	"technician_id" integer NOT NULL,
	"certification_number" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"occurred_on" date NOT NULL,
	"full_charge_pounds" numeric(9, 2),
	"leak_rate_method" text,
	"leak_rate_percent" numeric(9, 2),
	"leak_threshold_percent" numeric(7, 2),
	"is_leak_rate_exceeded" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refrigerant_movements_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "refrigerant_movements_kind" CHECK ("refrigerant_movements"."kind" in ('added', 'recovered', 'recycled')),
	CONSTRAINT "refrigerant_movements_amount" CHECK ("refrigerant_movements"."amount_ounces" > 0),
	CONSTRAINT "refrigerant_movements_certification" CHECK (btrim("refrigerant_movements"."certification_number") <> ''),
	CONSTRAINT "refrigerant_movements_leak_method" CHECK ("refrigerant_movements"."leak_rate_method" is null or "refrigerant_movements"."leak_rate_method" in ('annualizing', 'rollingAverage')),
	CONSTRAINT "refrigerant_movements_leak_rate" CHECK (("refrigerant_movements"."leak_rate_percent" is null) = ("refrigerant_movements"."is_leak_rate_exceeded" is null) and ("refrigerant_movements"."leak_rate_percent" is null or "refrigerant_movements"."kind" = 'added'))
);
--> statement-breakpoint
CREATE TABLE "refrigerant_technicians" (
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"certification_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refrigerant_technicians_subscriber_id_user_id_pk" PRIMARY KEY("subscriber_id","user_id"),
	CONSTRAINT "refrigerant_technicians_certification" CHECK (btrim("refrigerant_technicians"."certification_number") <> '')
);
--> statement-breakpoint
ALTER TABLE "leak_repairs" ADD CONSTRAINT "leak_repairs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_repairs" ADD CONSTRAINT "leak_repairs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_repairs" ADD CONSTRAINT "leak_repairs_equipment_fk" FOREIGN KEY ("subscriber_id","equipment_id") REFERENCES "public"."equipment"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_repairs" ADD CONSTRAINT "leak_repairs_movement_fk" FOREIGN KEY ("subscriber_id","movement_id") REFERENCES "public"."refrigerant_movements"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_repairs" ADD CONSTRAINT "leak_repairs_work_order_fk" FOREIGN KEY ("subscriber_id","verification_work_order_id") REFERENCES "public"."work_orders"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_movements" ADD CONSTRAINT "refrigerant_movements_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_movements" ADD CONSTRAINT "refrigerant_movements_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_movements" ADD CONSTRAINT "refrigerant_movements_work_order_fk" FOREIGN KEY ("subscriber_id","work_order_id") REFERENCES "public"."work_orders"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_movements" ADD CONSTRAINT "refrigerant_movements_equipment_fk" FOREIGN KEY ("subscriber_id","equipment_id") REFERENCES "public"."equipment"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_movements" ADD CONSTRAINT "refrigerant_movements_named_fk" FOREIGN KEY ("work_order_id","equipment_id") REFERENCES "public"."work_order_equipment"("work_order_id","equipment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_movements" ADD CONSTRAINT "refrigerant_movements_refrigerant_fk" FOREIGN KEY ("subscriber_id","refrigerant_id") REFERENCES "public"."refrigerants"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_technicians" ADD CONSTRAINT "refrigerant_technicians_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_technicians" ADD CONSTRAINT "refrigerant_technicians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leak_repairs_movement_unique" ON "leak_repairs" USING btree ("movement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leak_repairs_one_open" ON "leak_repairs" USING btree ("subscriber_id","equipment_id") WHERE "leak_repairs"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "leak_repairs_due_idx" ON "leak_repairs" USING btree ("subscriber_id","due_on");--> statement-breakpoint
CREATE INDEX "refrigerant_movements_work_order_idx" ON "refrigerant_movements" USING btree ("subscriber_id","work_order_id");--> statement-breakpoint
CREATE INDEX "refrigerant_movements_equipment_idx" ON "refrigerant_movements" USING btree ("subscriber_id","equipment_id","occurred_on");--> statement-breakpoint
-- hand-written below
SELECT protect_company_tables();

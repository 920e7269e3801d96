CREATE TABLE "sop_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sop_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sop_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"sop_detail_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sop_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"sop_type_id" integer NOT NULL,
	"sop_status_id" integer NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sop_step_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"sop_step_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"registered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sop_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"sop_detail_id" integer NOT NULL,
	"position" integer NOT NULL,
	"checklist_item" text NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sop_types" ADD CONSTRAINT "sop_types_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_assignments" ADD CONSTRAINT "sop_assignments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_assignments" ADD CONSTRAINT "sop_assignments_sop_detail_id_sop_details_id_fk" FOREIGN KEY ("sop_detail_id") REFERENCES "public"."sop_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_assignments" ADD CONSTRAINT "sop_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_assignments" ADD CONSTRAINT "sop_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_details" ADD CONSTRAINT "sop_details_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_details" ADD CONSTRAINT "sop_details_sop_type_id_sop_types_id_fk" FOREIGN KEY ("sop_type_id") REFERENCES "public"."sop_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_details" ADD CONSTRAINT "sop_details_sop_status_id_sop_statuses_id_fk" FOREIGN KEY ("sop_status_id") REFERENCES "public"."sop_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_details" ADD CONSTRAINT "sop_details_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_step_notices" ADD CONSTRAINT "sop_step_notices_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_step_notices" ADD CONSTRAINT "sop_step_notices_sop_step_id_sop_steps_id_fk" FOREIGN KEY ("sop_step_id") REFERENCES "public"."sop_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_step_notices" ADD CONSTRAINT "sop_step_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_step_notices" ADD CONSTRAINT "sop_step_notices_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_steps" ADD CONSTRAINT "sop_steps_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sop_steps" ADD CONSTRAINT "sop_steps_sop_detail_id_sop_details_id_fk" FOREIGN KEY ("sop_detail_id") REFERENCES "public"."sop_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sop_types_name_unique" ON "sop_types" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sop_assignments_one_per_user" ON "sop_assignments" USING btree ("sop_detail_id","user_id");--> statement-breakpoint
CREATE INDEX "sop_assignments_user_idx" ON "sop_assignments" USING btree ("user_id","acknowledged_at");--> statement-breakpoint
CREATE INDEX "sop_details_subscriber_idx" ON "sop_details" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sop_step_notices_one_per_user" ON "sop_step_notices" USING btree ("sop_step_id","user_id");--> statement-breakpoint
CREATE INDEX "sop_step_notices_user_idx" ON "sop_step_notices" USING btree ("user_id","acknowledged_at");--> statement-breakpoint
CREATE INDEX "sop_steps_detail_idx" ON "sop_steps" USING btree ("sop_detail_id");
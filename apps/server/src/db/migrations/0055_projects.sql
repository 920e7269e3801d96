CREATE TABLE "project_crew" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"crew_member_id" integer,
	"user_id" integer,
	"role" text,
	CONSTRAINT "project_crew_one_person" CHECK (("project_crew"."crew_member_id" is null) <> ("project_crew"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "project_permits" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"permit_type_id" integer NOT NULL,
	"permit_status_id" integer NOT NULL,
	"permit_number" text,
	"applied_on" date,
	"issued_on" date,
	"expires_on" date,
	CONSTRAINT "project_permits_dates" CHECK ("project_permits"."issued_on" is null or "project_permits"."expires_on" is null or "project_permits"."issued_on" <= "project_permits"."expires_on")
);
--> statement-breakpoint
CREATE TABLE "project_subcontractors" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"sub_contractor_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "project_subcontractors_amount" CHECK ("project_subcontractors"."amount" >= 0),
	CONSTRAINT "project_subcontractors_status" CHECK ("project_subcontractors"."status" in ('Bidding', 'Awarded', 'Working', 'Complete'))
);
--> statement-breakpoint
CREATE TABLE "project_work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"linked_by" integer,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"project_number" integer NOT NULL,
	"name" text NOT NULL,
	"customer_id" integer NOT NULL,
	"project_type_id" integer,
	"job_status_id" integer NOT NULL,
	"project_manager_id" integer,
	"start_date" date,
	"target_date" date,
	"budget" numeric(12, 2),
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "projects_name" CHECK (btrim("projects"."name") <> ''),
	CONSTRAINT "projects_budget" CHECK ("projects"."budget" is null or "projects"."budget" >= 0),
	CONSTRAINT "projects_dates" CHECK ("projects"."start_date" is null or "projects"."target_date" is null or "projects"."start_date" <= "projects"."target_date")
);
--> statement-breakpoint
ALTER TABLE "project_crew" ADD CONSTRAINT "project_crew_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_crew" ADD CONSTRAINT "project_crew_crew_member_id_company_list_rows_id_fk" FOREIGN KEY ("crew_member_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_crew" ADD CONSTRAINT "project_crew_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_crew" ADD CONSTRAINT "project_crew_project_fk" FOREIGN KEY ("subscriber_id","project_id") REFERENCES "public"."projects"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_permits" ADD CONSTRAINT "project_permits_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_permits" ADD CONSTRAINT "project_permits_permit_type_id_company_list_rows_id_fk" FOREIGN KEY ("permit_type_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_permits" ADD CONSTRAINT "project_permits_permit_status_id_company_list_rows_id_fk" FOREIGN KEY ("permit_status_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_permits" ADD CONSTRAINT "project_permits_project_fk" FOREIGN KEY ("subscriber_id","project_id") REFERENCES "public"."projects"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_subcontractors" ADD CONSTRAINT "project_subcontractors_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_subcontractors" ADD CONSTRAINT "project_subcontractors_sub_contractor_id_company_list_rows_id_fk" FOREIGN KEY ("sub_contractor_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_subcontractors" ADD CONSTRAINT "project_subcontractors_project_fk" FOREIGN KEY ("subscriber_id","project_id") REFERENCES "public"."projects"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_work_orders" ADD CONSTRAINT "project_work_orders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_work_orders" ADD CONSTRAINT "project_work_orders_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_work_orders" ADD CONSTRAINT "project_work_orders_project_fk" FOREIGN KEY ("subscriber_id","project_id") REFERENCES "public"."projects"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_work_orders" ADD CONSTRAINT "project_work_orders_work_order_fk" FOREIGN KEY ("subscriber_id","work_order_id") REFERENCES "public"."work_orders"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_type_id_company_list_rows_id_fk" FOREIGN KEY ("project_type_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_job_status_id_company_list_rows_id_fk" FOREIGN KEY ("job_status_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_manager_id_users_id_fk" FOREIGN KEY ("project_manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_fk" FOREIGN KEY ("subscriber_id","customer_id") REFERENCES "public"."customers"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_crew_member_unique" ON "project_crew" USING btree ("project_id","crew_member_id") WHERE "project_crew"."crew_member_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "project_crew_user_unique" ON "project_crew" USING btree ("project_id","user_id") WHERE "project_crew"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "project_permits_project_idx" ON "project_permits" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_subcontractors_unique" ON "project_subcontractors" USING btree ("project_id","sub_contractor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_work_orders_work_order_unique" ON "project_work_orders" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "project_work_orders_project_idx" ON "project_work_orders" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_number_unique" ON "projects" USING btree ("subscriber_id","project_number");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("subscriber_id","job_status_id");--> statement-breakpoint
INSERT INTO "company_list_rows" ("subscriber_id", "list_key", "name")
SELECT s."id", r."list_key", r."name" FROM "subscribers" s CROSS JOIN (VALUES ('jobStatuses', 'Bidding', 0), ('jobStatuses', 'Awarded', 1), ('jobStatuses', 'In Progress', 2), ('jobStatuses', 'On Hold', 3), ('jobStatuses', 'Closed Out', 4), ('projectTypes', 'Remodel', 0), ('projectTypes', 'New Construction', 1), ('projectTypes', 'Service Upgrade', 2), ('permitTypes', 'Plumbing', 0), ('permitTypes', 'Excavation', 1), ('permitTypes', 'Right of Way', 2), ('permitStatuses', 'Applied', 0), ('permitStatuses', 'Issued', 1), ('permitStatuses', 'Inspected', 2), ('permitStatuses', 'Closed', 3), ('dischargeGroup', 'Sanitary Sewer', 0), ('dischargeGroup', 'Storm Drain', 1), ('surveyClassTypes', 'Boundary', 0), ('surveyClassTypes', 'Topographic', 1), ('surveyClassTypes', 'Utility Locate', 2), ('pipelineStatuses', 'Proposed', 0), ('pipelineStatuses', 'Installed', 1), ('pipelineStatuses', 'Tested', 2), ('pipelineStatuses', 'Abandoned', 3), ('workOrderJobArea', 'Kitchen', 0), ('workOrderJobArea', 'Restrooms', 1), ('workOrderJobArea', 'Exterior', 2), ('pitTypes', 'Bore Pit', 0), ('pitTypes', 'Receiving Pit', 1), ('wellTypes', 'Domestic', 0), ('wellTypes', 'Irrigation', 1), ('installTypes', 'Open Trench', 0), ('installTypes', 'Directional Bore', 1), ('rowApprovalTypes', 'City Permit', 0), ('rowApprovalTypes', 'State DOT', 1)) AS r("list_key", "name", "place")
ORDER BY s."id", r."list_key", r."place"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT protect_company_tables();

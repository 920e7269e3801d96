CREATE TABLE "labor_correction_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_labor_id" integer NOT NULL,
	"proposed_started_at" timestamp with time zone NOT NULL,
	"proposed_stopped_at" timestamp with time zone,
	"reason" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"work_order_status_id_before" integer,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	CONSTRAINT "labor_correction_requests_status" CHECK ("labor_correction_requests"."status" in ('Pending', 'Approved', 'Declined')),
	CONSTRAINT "labor_correction_requests_order" CHECK ("labor_correction_requests"."proposed_stopped_at" is null or "labor_correction_requests"."proposed_stopped_at" > "labor_correction_requests"."proposed_started_at"),
	CONSTRAINT "labor_correction_requests_decided" CHECK (("labor_correction_requests"."status" = 'Pending') = ("labor_correction_requests"."decided_at" is null) and ("labor_correction_requests"."status" = 'Pending') = ("labor_correction_requests"."decided_by" is null)),
	CONSTRAINT "labor_correction_requests_declined_why" CHECK ("labor_correction_requests"."status" <> 'Declined' or "labor_correction_requests"."decline_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "labor_correction_requests" ADD CONSTRAINT "labor_correction_requests_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labor_correction_requests" ADD CONSTRAINT "labor_correction_requests_work_order_labor_id_work_order_labor_id_fk" FOREIGN KEY ("work_order_labor_id") REFERENCES "public"."work_order_labor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labor_correction_requests" ADD CONSTRAINT "labor_correction_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labor_correction_requests" ADD CONSTRAINT "labor_correction_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "labor_correction_requests_one_pending" ON "labor_correction_requests" USING btree ("work_order_labor_id") WHERE "labor_correction_requests"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "labor_correction_requests_status_idx" ON "labor_correction_requests" USING btree ("subscriber_id","status","requested_at");--> statement-breakpoint
SELECT protect_company_tables();

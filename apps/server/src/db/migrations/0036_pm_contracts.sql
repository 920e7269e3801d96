CREATE TABLE "pm_contract_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_to" text,
	"decision" text,
	"decided_at" timestamp with time zone,
	"approver_name" text,
	"comment" text,
	"decided_from" text,
	CONSTRAINT "pm_contract_approvals_decision" CHECK ("pm_contract_approvals"."decision" is null or "pm_contract_approvals"."decision" in ('Approved', 'Declined')),
	CONSTRAINT "pm_contract_approvals_decided_together" CHECK (("pm_contract_approvals"."decision" is null) = ("pm_contract_approvals"."decided_at" is null) and ("pm_contract_approvals"."decision" is null) = ("pm_contract_approvals"."approver_name" is null))
);
--> statement-breakpoint
CREATE TABLE "pm_contract_equipment" (
	"subscriber_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"tasks" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "pm_contract_equipment_contract_id_equipment_id_pk" PRIMARY KEY("contract_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "pm_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"frequency_name" text,
	"recurrence_rule" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"price_basis" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"renews_automatically" boolean DEFAULT false NOT NULL,
	"technician_user_id" integer,
	"visit_time" time,
	"visit_minutes" integer DEFAULT 60 NOT NULL,
	"lead_days" integer DEFAULT 14 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"approved_at" timestamp with time zone,
	"approver_name" text,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pm_contracts_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "pm_contracts_name" CHECK (btrim("pm_contracts"."name") <> ''),
	CONSTRAINT "pm_contracts_rule" CHECK (btrim("pm_contracts"."recurrence_rule") <> ''),
	CONSTRAINT "pm_contracts_price" CHECK ("pm_contracts"."price" >= 0),
	CONSTRAINT "pm_contracts_price_basis" CHECK ("pm_contracts"."price_basis" in ('visit', 'year')),
	CONSTRAINT "pm_contracts_term" CHECK ("pm_contracts"."ends_on" >= "pm_contracts"."starts_on"),
	CONSTRAINT "pm_contracts_visit_minutes" CHECK ("pm_contracts"."visit_minutes" between 15 and 1440),
	CONSTRAINT "pm_contracts_lead_days" CHECK ("pm_contracts"."lead_days" between 0 and 365),
	CONSTRAINT "pm_contracts_status" CHECK ("pm_contracts"."status" in ('draft', 'sent', 'approved', 'declined', 'cancelled')),
	CONSTRAINT "pm_contracts_approved_together" CHECK (("pm_contracts"."approved_at" is null) = ("pm_contracts"."approver_name" is null))
);
--> statement-breakpoint
CREATE TABLE "pm_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"work_order_id" integer,
	"skipped_reason" text,
	"skipped_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pm_visits_generated_or_skipped" CHECK (("pm_visits"."work_order_id" is null) <> ("pm_visits"."skipped_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "pm_contract_approvals" ADD CONSTRAINT "pm_contract_approvals_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_contract_approvals" ADD CONSTRAINT "pm_contract_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_contract_approvals" ADD CONSTRAINT "pm_contract_approvals_contract_fk" FOREIGN KEY ("subscriber_id","contract_id") REFERENCES "public"."pm_contracts"("subscriber_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_contract_equipment" ADD CONSTRAINT "pm_contract_equipment_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_contract_equipment" ADD CONSTRAINT "pm_contract_equipment_contract_fk" FOREIGN KEY ("subscriber_id","contract_id") REFERENCES "public"."pm_contracts"("subscriber_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_contract_equipment" ADD CONSTRAINT "pm_contract_equipment_equipment_fk" FOREIGN KEY ("subscriber_id","equipment_id") REFERENCES "public"."equipment"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_contracts" ADD CONSTRAINT "pm_contracts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_contracts" ADD CONSTRAINT "pm_contracts_technician_user_id_users_id_fk" FOREIGN KEY ("technician_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_contracts" ADD CONSTRAINT "pm_contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_contracts" ADD CONSTRAINT "pm_contracts_customer_fk" FOREIGN KEY ("subscriber_id","customer_id") REFERENCES "public"."customers"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_visits" ADD CONSTRAINT "pm_visits_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_visits" ADD CONSTRAINT "pm_visits_skipped_by_users_id_fk" FOREIGN KEY ("skipped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_visits" ADD CONSTRAINT "pm_visits_contract_fk" FOREIGN KEY ("subscriber_id","contract_id") REFERENCES "public"."pm_contracts"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_visits" ADD CONSTRAINT "pm_visits_work_order_fk" FOREIGN KEY ("subscriber_id","work_order_id") REFERENCES "public"."work_orders"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pm_contract_approvals_token_unique" ON "pm_contract_approvals" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pm_contract_approvals_contract_idx" ON "pm_contract_approvals" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "pm_contract_equipment_equipment_idx" ON "pm_contract_equipment" USING btree ("subscriber_id","equipment_id");--> statement-breakpoint
CREATE INDEX "pm_contracts_customer_idx" ON "pm_contracts" USING btree ("subscriber_id","customer_id");--> statement-breakpoint
CREATE INDEX "pm_contracts_approved_idx" ON "pm_contracts" USING btree ("subscriber_id") WHERE "pm_contracts"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "pm_visits_contract_date_unique" ON "pm_visits" USING btree ("contract_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "pm_visits_work_order_unique" ON "pm_visits" USING btree ("work_order_id") WHERE "pm_visits"."work_order_id" is not null;--> statement-breakpoint
CREATE INDEX "pm_visits_due_idx" ON "pm_visits" USING btree ("subscriber_id","due_on");--> statement-breakpoint
-- hand-written below
SELECT protect_company_tables();

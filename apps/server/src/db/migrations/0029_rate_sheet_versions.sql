CREATE TABLE "rate_sheet_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_rate_sheet_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_to" text NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"approver_name" text,
	"reason" text,
	"decided_from" text,
	CONSTRAINT "rate_sheet_approvals_decision" CHECK ("rate_sheet_approvals"."decision" is null or "rate_sheet_approvals"."decision" in ('Approved', 'Declined')),
	CONSTRAINT "rate_sheet_approvals_decided_together" CHECK (("rate_sheet_approvals"."decision" is null) = ("rate_sheet_approvals"."decided_at" is null) and ("rate_sheet_approvals"."decision" is null) = ("rate_sheet_approvals"."approver_name" is null)),
	CONSTRAINT "rate_sheet_approvals_reason" CHECK ("rate_sheet_approvals"."decision" is distinct from 'Declined' or "rate_sheet_approvals"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "rate_sheet_per_diems" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_rate_sheet_id" integer NOT NULL,
	"per_diem_type_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "rate_sheet_per_diems_amount" CHECK ("rate_sheet_per_diems"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_sheet_settings" (
	"subscriber_id" integer PRIMARY KEY NOT NULL,
	"is_approval_required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_rate_sheets" ADD COLUMN "effective_from" date DEFAULT '2000-01-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_rate_sheets" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_rate_sheets" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "customer_rate_sheets" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_rate_sheets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_sheet_approvals" ADD CONSTRAINT "rate_sheet_approvals_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_approvals" ADD CONSTRAINT "rate_sheet_approvals_customer_rate_sheet_id_customer_rate_sheets_id_fk" FOREIGN KEY ("customer_rate_sheet_id") REFERENCES "public"."customer_rate_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_approvals" ADD CONSTRAINT "rate_sheet_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_per_diems" ADD CONSTRAINT "rate_sheet_per_diems_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_per_diems" ADD CONSTRAINT "rate_sheet_per_diems_customer_rate_sheet_id_customer_rate_sheets_id_fk" FOREIGN KEY ("customer_rate_sheet_id") REFERENCES "public"."customer_rate_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_per_diems" ADD CONSTRAINT "rate_sheet_per_diems_per_diem_type_id_per_diem_types_id_fk" FOREIGN KEY ("per_diem_type_id") REFERENCES "public"."per_diem_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheet_settings" ADD CONSTRAINT "rate_sheet_settings_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_sheet_approvals_token_unique" ON "rate_sheet_approvals" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "rate_sheet_approvals_sheet_idx" ON "rate_sheet_approvals" USING btree ("customer_rate_sheet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_sheet_per_diems_type_unique" ON "rate_sheet_per_diems" USING btree ("customer_rate_sheet_id","per_diem_type_id");--> statement-breakpoint
ALTER TABLE "customer_rate_sheets" ADD CONSTRAINT "customer_rate_sheets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_rate_sheets_customer_idx" ON "customer_rate_sheets" USING btree ("subscriber_id","billing_customer_id","effective_from");--> statement-breakpoint
ALTER TABLE "customer_rate_sheets" ADD CONSTRAINT "customer_rate_sheets_status" CHECK ("customer_rate_sheets"."status" in ('saved', 'sent', 'approved', 'declined'));--> statement-breakpoint
-- hand-written below
-- The new rate sheet tables carry a company id: the company policy of 0026 keeps each company to its own rows.
SELECT protect_company_tables();

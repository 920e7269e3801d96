CREATE TABLE "labor_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"labor_ids" integer[] NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_to" text,
	"decision" text,
	"decided_at" timestamp with time zone,
	"approver_name" text,
	"comment" text,
	"decided_from" text,
	CONSTRAINT "labor_approvals_decision" CHECK ("labor_approvals"."decision" is null or "labor_approvals"."decision" in ('Approved', 'Disputed')),
	CONSTRAINT "labor_approvals_decided_together" CHECK (("labor_approvals"."decision" is null) = ("labor_approvals"."decided_at" is null) and ("labor_approvals"."decision" is null) = ("labor_approvals"."approver_name" is null)),
	CONSTRAINT "labor_approvals_has_labor" CHECK (cardinality("labor_approvals"."labor_ids") > 0)
);
--> statement-breakpoint
ALTER TABLE "labor_approvals" ADD CONSTRAINT "labor_approvals_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labor_approvals" ADD CONSTRAINT "labor_approvals_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labor_approvals" ADD CONSTRAINT "labor_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "labor_approvals_token_unique" ON "labor_approvals" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "labor_approvals_work_order_idx" ON "labor_approvals" USING btree ("work_order_id");
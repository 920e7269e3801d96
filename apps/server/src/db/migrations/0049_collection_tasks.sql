CREATE TABLE "collection_task_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"bucket" text NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "collection_task_assignments_bucket" CHECK ("collection_task_assignments"."bucket" in ('days1to30', 'days31to60', 'days61to90', 'over90'))
);
--> statement-breakpoint
CREATE TABLE "collection_task_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"bucket" text NOT NULL,
	"action" text NOT NULL,
	"due_in_days" integer NOT NULL,
	"instructions" text,
	CONSTRAINT "collection_task_templates_bucket" CHECK ("collection_task_templates"."bucket" in ('days1to30', 'days31to60', 'days61to90', 'over90')),
	CONSTRAINT "collection_task_templates_action" CHECK ("collection_task_templates"."action" in ('call', 'email', 'letter')),
	CONSTRAINT "collection_task_templates_days" CHECK ("collection_task_templates"."due_in_days" between 0 and 90)
);
--> statement-breakpoint
CREATE TABLE "collection_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"bucket" text NOT NULL,
	"instructions" text,
	"balance" numeric(14, 2) NOT NULL,
	"due_date" date NOT NULL,
	"assigned_user_id" integer,
	"outcome" text,
	"note" text,
	"promise_date" date,
	"promise_amount" numeric(14, 2),
	"done_at" timestamp with time zone,
	"done_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_tasks_done" CHECK (("collection_tasks"."done_at" is null) = ("collection_tasks"."outcome" is null)),
	CONSTRAINT "collection_tasks_promise" CHECK ("collection_tasks"."promise_amount" is null or "collection_tasks"."promise_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "collection_task_assignments" ADD CONSTRAINT "collection_task_assignments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_task_assignments" ADD CONSTRAINT "collection_task_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_task_templates" ADD CONSTRAINT "collection_task_templates_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tasks" ADD CONSTRAINT "collection_tasks_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tasks" ADD CONSTRAINT "collection_tasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tasks" ADD CONSTRAINT "collection_tasks_template_id_collection_task_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."collection_task_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tasks" ADD CONSTRAINT "collection_tasks_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tasks" ADD CONSTRAINT "collection_tasks_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tasks" ADD CONSTRAINT "collection_tasks_done_by_user_id_users_id_fk" FOREIGN KEY ("done_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_task_assignments_name_unique" ON "collection_task_assignments" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "collection_task_assignments_bucket_unique" ON "collection_task_assignments" USING btree ("subscriber_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_task_templates_name_unique" ON "collection_task_templates" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "collection_tasks_once" ON "collection_tasks" USING btree ("subscriber_id","customer_id","template_id","invoice_id");--> statement-breakpoint
CREATE INDEX "collection_tasks_open_idx" ON "collection_tasks" USING btree ("subscriber_id","due_date") WHERE "collection_tasks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "collection_tasks_customer_idx" ON "collection_tasks" USING btree ("subscriber_id","customer_id");--> statement-breakpoint
SELECT protect_company_tables();

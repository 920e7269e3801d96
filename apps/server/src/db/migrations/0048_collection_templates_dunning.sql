CREATE TABLE "collection_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_templates_bucket" CHECK ("collection_templates"."bucket" in ('days1to30', 'days31to60', 'days61to90', 'over90'))
);
--> statement-breakpoint
CREATE TABLE "dunning_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"bucket" text NOT NULL,
	"entered_on" date NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"to" text[] NOT NULL,
	"email_outbox_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_templates" ADD CONSTRAINT "collection_templates_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_templates" ADD CONSTRAINT "collection_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_emails" ADD CONSTRAINT "dunning_emails_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_emails" ADD CONSTRAINT "dunning_emails_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_emails" ADD CONSTRAINT "dunning_emails_template_id_collection_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."collection_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_emails" ADD CONSTRAINT "dunning_emails_email_outbox_id_email_outbox_id_fk" FOREIGN KEY ("email_outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_templates_name_unique" ON "collection_templates" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "collection_templates_one_active" ON "collection_templates" USING btree ("subscriber_id","bucket") WHERE "collection_templates"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "dunning_emails_once" ON "dunning_emails" USING btree ("customer_id","template_id","bucket","entered_on");--> statement-breakpoint
CREATE INDEX "dunning_emails_customer_idx" ON "dunning_emails" USING btree ("subscriber_id","customer_id","sent_at");--> statement-breakpoint
SELECT protect_company_tables();
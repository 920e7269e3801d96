CREATE TABLE "customer_portal_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"billing_customer_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"contact_name" text NOT NULL,
	"sent_to" text NOT NULL,
	"token_hash" text NOT NULL,
	"sent_by" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "customer_portal_links_token_hash" CHECK ("customer_portal_links"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "customer_portal_links_revoked_together" CHECK (("customer_portal_links"."revoked_at" is null) = ("customer_portal_links"."revoked_by" is null)),
	CONSTRAINT "customer_portal_links_expiry" CHECK ("customer_portal_links"."expires_at" > "customer_portal_links"."sent_at")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "customer_portal_links" ADD CONSTRAINT "customer_portal_links_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_portal_links" ADD CONSTRAINT "customer_portal_links_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_portal_links" ADD CONSTRAINT "customer_portal_links_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_portal_links" ADD CONSTRAINT "customer_portal_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_portal_links" ADD CONSTRAINT "customer_portal_links_billing_fk" FOREIGN KEY ("subscriber_id","billing_customer_id") REFERENCES "public"."customers"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_portal_links" ADD CONSTRAINT "customer_portal_links_customer_fk" FOREIGN KEY ("subscriber_id","customer_id") REFERENCES "public"."customers"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_portal_links_token_unique" ON "customer_portal_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_portal_links_customer_idx" ON "customer_portal_links" USING btree ("subscriber_id","customer_id","sent_at");--> statement-breakpoint
SELECT protect_company_tables();

CREATE TABLE "customer_access_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"billing_customer_id" integer NOT NULL,
	"link_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text,
	"status" text DEFAULT 'Requested' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"user_id" integer,
	CONSTRAINT "customer_access_requests_status" CHECK ("customer_access_requests"."status" in ('Requested', 'Granted', 'Declined')),
	CONSTRAINT "customer_access_requests_decided" CHECK (("customer_access_requests"."status" = 'Requested') = ("customer_access_requests"."decided_at" is null) and ("customer_access_requests"."decided_at" is null) = ("customer_access_requests"."decided_by" is null)),
	CONSTRAINT "customer_access_requests_granted_user" CHECK (("customer_access_requests"."status" = 'Granted') = ("customer_access_requests"."user_id" is not null)),
	CONSTRAINT "customer_access_requests_declined_reason" CHECK (("customer_access_requests"."status" = 'Declined') = ("customer_access_requests"."decline_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "customer_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"billing_customer_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_access_requests" ADD CONSTRAINT "customer_access_requests_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_access_requests" ADD CONSTRAINT "customer_access_requests_link_id_customer_portal_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."customer_portal_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_access_requests" ADD CONSTRAINT "customer_access_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_access_requests" ADD CONSTRAINT "customer_access_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_access_requests" ADD CONSTRAINT "customer_access_requests_billing_fk" FOREIGN KEY ("subscriber_id","billing_customer_id") REFERENCES "public"."customers"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_billing_fk" FOREIGN KEY ("subscriber_id","billing_customer_id") REFERENCES "public"."customers"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_access_requests_one_open" ON "customer_access_requests" USING btree ("subscriber_id",lower("email")) WHERE "customer_access_requests"."status" = 'Requested';--> statement-breakpoint
CREATE INDEX "customer_access_requests_customer_idx" ON "customer_access_requests" USING btree ("subscriber_id","billing_customer_id","requested_at");--> statement-breakpoint
CREATE INDEX "customer_users_customer_idx" ON "customer_users" USING btree ("subscriber_id","billing_customer_id");--> statement-breakpoint
SELECT protect_company_tables();

CREATE TABLE "user_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "user_links_purpose_check" CHECK ("user_links"."purpose" in ('invitation', 'passwordReset'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_invitation_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_links_token_unique" ON "user_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_links_user_idx" ON "user_links" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
-- The links carry a company id: the company policy of 0026 keeps each company to its own rows.
SELECT protect_company_tables();

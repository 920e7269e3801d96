CREATE TABLE "masked_user_roles" (
	"subscriber_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"display_name" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "masked_user_roles_subscriber_id_role_id_pk" PRIMARY KEY("subscriber_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_team_leaders" (
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team_leader_id" integer NOT NULL,
	CONSTRAINT "user_team_leaders_user_id_team_leader_id_pk" PRIMARY KEY("user_id","team_leader_id")
);
--> statement-breakpoint
CREATE TABLE "base_cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_links" DROP CONSTRAINT "user_links_purpose_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "region_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "district_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "base_city_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "works_on_rate_sheets" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_links" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "masked_user_roles" ADD CONSTRAINT "masked_user_roles_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masked_user_roles" ADD CONSTRAINT "masked_user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_team_leaders" ADD CONSTRAINT "user_team_leaders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_team_leaders" ADD CONSTRAINT "user_team_leaders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_team_leaders" ADD CONSTRAINT "user_team_leaders_team_leader_id_users_id_fk" FOREIGN KEY ("team_leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_cities" ADD CONSTRAINT "base_cities_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_team_leaders_leader_idx" ON "user_team_leaders" USING btree ("team_leader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_cities_name_unique" ON "base_cities" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_purpose_check" CHECK ("user_links"."purpose" in ('invitation', 'passwordReset', 'emailConfirmation'));--> statement-breakpoint
-- hand-written below
-- The sign-up confirmations become user links of purpose 'emailConfirmation' (their fingerprints, expiries and uses
-- kept), and their table goes. When this file is generated again, remove the generated DISABLE ROW LEVEL SECURITY and
-- DROP TABLE "email_confirmations" lines above: the table is dropped here, after its rows moved.
INSERT INTO "user_links" ("subscriber_id", "user_id", "purpose", "token_hash", "email", "created_at", "expires_at", "used_at")
SELECT "subscriber_id", "user_id", 'emailConfirmation', "token_hash", "email", "created_at", "expires_at", "confirmed_at" FROM "email_confirmations";
--> statement-breakpoint
DROP TABLE "email_confirmations" CASCADE;
--> statement-breakpoint
-- Whoever has labor items on a rate sheet today works on rate sheets.
UPDATE "users" u SET "works_on_rate_sheets" = true
WHERE EXISTS (SELECT 1 FROM "rate_sheet_labor_items" i WHERE i."subscriber_id" = u."subscriber_id" AND i."technician_user_id" = u."id");
--> statement-breakpoint
-- Until now every active Team Leader (role 6) of a company led all of its staff: that becomes each staff user's list.
INSERT INTO "user_team_leaders" ("subscriber_id", "user_id", "team_leader_id")
SELECT u."subscriber_id", u."id", l."id"
FROM "users" u
JOIN "users" l ON l."subscriber_id" = u."subscriber_id" AND l."id" <> u."id" AND l."is_active"
WHERE EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = l."id" AND r."role_id" = 6)
  AND NOT EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = u."id" AND r."role_id" = 18)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT protect_company_tables();

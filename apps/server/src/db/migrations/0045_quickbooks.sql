CREATE TABLE "quickbooks_accounts" (
	"subscriber_id" integer PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"token_url" text NOT NULL,
	"realm_id" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"refresh_token" text NOT NULL,
	"access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quickbooks_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"kind" text NOT NULL,
	"qb_id" text NOT NULL,
	"name" text NOT NULL,
	"detail" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"record_id" integer,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_by" integer,
	"status_changed_at" timestamp with time zone,
	CONSTRAINT "quickbooks_import_rows_kind" CHECK ("quickbooks_import_rows"."kind" in ('customer', 'item')),
	CONSTRAINT "quickbooks_import_rows_status" CHECK ("quickbooks_import_rows"."status" in ('pending', 'matched', 'created', 'ignored')),
	CONSTRAINT "quickbooks_import_rows_record_set" CHECK (("quickbooks_import_rows"."status" in ('matched', 'created')) = ("quickbooks_import_rows"."record_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "quickbooks_accounts" ADD CONSTRAINT "quickbooks_accounts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_accounts" ADD CONSTRAINT "quickbooks_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_import_rows" ADD CONSTRAINT "quickbooks_import_rows_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_import_rows" ADD CONSTRAINT "quickbooks_import_rows_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_import_rows_record" ON "quickbooks_import_rows" USING btree ("subscriber_id","kind","qb_id");--> statement-breakpoint
CREATE INDEX "quickbooks_import_rows_list_idx" ON "quickbooks_import_rows" USING btree ("subscriber_id","kind","status","id");--> statement-breakpoint
-- Every new table carries a company id: row-level security as on every company table (migration 0026).
SELECT protect_company_tables();

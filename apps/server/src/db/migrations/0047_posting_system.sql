ALTER TABLE "accounting_postings" ADD COLUMN "system" text DEFAULT 'Intacct' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_postings" ADD CONSTRAINT "accounting_postings_system" CHECK ("accounting_postings"."system" in ('Intacct', 'QuickBooks'));--> statement-breakpoint
-- A company posting to QuickBooks posted its earlier documents there.
UPDATE "accounting_postings" SET "system" = 'QuickBooks' WHERE "subscriber_id" IN (SELECT "subscriber_id" FROM "quickbooks_accounts" WHERE "is_enabled");

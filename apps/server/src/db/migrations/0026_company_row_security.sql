-- The phone digits the search matches, without COALESCE: a NULL phone matches nothing either way, and under the
-- policies below PostgreSQL may use an index for a condition only when every part of it is known leakproof, which
-- COALESCE is not.
DROP INDEX "contacts_phone_digits_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_phone_digits_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_phone_digits_trgm_idx" ON "contacts" USING gin (("subscriber_id" + 0),regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_digits_trgm_idx" ON "customers" USING gin (("subscriber_id" + 0),regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
-- Row-level security behind each query's own company filter (db/company-scope.ts). The server signs in as the tables'
-- owner and runs a caller's work as sm_app, with the caller's company in the setting app.subscriber_id: a query that
-- forgets its filter then finds nothing of another company. sm_app owns nothing and cannot sign in.
DO $$ BEGIN
  CREATE ROLE sm_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT sm_app TO %I', current_user);
  END IF;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO sm_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO sm_app;--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO sm_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO sm_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO sm_app;--> statement-breakpoint
-- The company of the work in progress, or null (no rows) when none is set. Written as an equality on subscriber_id,
-- so that the planner folds it into the query's own "subscriber_id = <company>": one index condition, the policy left
-- as a single check of the setting, and row estimates as without it.
-- Later migrations that add a table with subscriber_id call protect_company_tables() again (a test checks every one).
CREATE FUNCTION protect_company_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
  mine constant text := 'subscriber_id = nullif(current_setting(''app.subscriber_id'', true), '''')::integer';
BEGIN
  FOR t IN
    SELECT c.relname, a.attnotnull FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'subscriber_id' AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
       AND NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'company_rows')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    EXECUTE format('CREATE POLICY company_rows ON %I TO sm_app USING (%s)', t.relname, mine);
    -- Rows of no company (shared lists, the server's own jobs) are read by every company and written by none.
    IF NOT t.attnotnull THEN
      EXECUTE format('CREATE POLICY shared_rows ON %I FOR SELECT TO sm_app USING (subscriber_id IS NULL)', t.relname);
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
SELECT protect_company_tables();--> statement-breakpoint
ALTER TABLE subscribers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY company_rows ON subscribers TO sm_app USING (id = nullif(current_setting('app.subscriber_id', true), '')::integer);--> statement-breakpoint
-- Under a policy, a query's own condition may use an index only when its functions are leakproof. The trigram
-- conditions of the search and of the grids' "contains" filters are made of these, which tell nothing of a row but
-- the row itself: marking them (only a superuser may) keeps the trigram indexes in use. Without it the answers are
-- the same, only slower.
DO $$ BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION int4pl(integer, integer) LEAKPROOF;
    ALTER FUNCTION lower(text) LEAKPROOF;
    ALTER FUNCTION textcat(text, text) LEAKPROOF;
    ALTER FUNCTION textlike(text, text) LEAKPROOF;
    ALTER FUNCTION texticlike(text, text) LEAKPROOF;
    ALTER FUNCTION regexp_replace(text, text, text, text) LEAKPROOF;
    ALTER FUNCTION similarity_op(text, text) LEAKPROOF;
    ALTER FUNCTION word_similarity_op(text, text) LEAKPROOF;
    ALTER FUNCTION word_similarity_commutator_op(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'Not a superuser: the search''s trigram functions are not marked leakproof, and searches are slower. See the README.';
  END IF;
END $$;

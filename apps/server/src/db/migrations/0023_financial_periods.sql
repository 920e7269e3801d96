CREATE TABLE "financial_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "financial_periods_kind" CHECK ("financial_periods"."kind" in ('Pay', 'Billing')),
	CONSTRAINT "financial_periods_order" CHECK ("financial_periods"."ends_on" >= "financial_periods"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "payroll_settings" DROP CONSTRAINT "payroll_settings_frequency";--> statement-breakpoint
ALTER TABLE "financial_periods" ADD CONSTRAINT "financial_periods_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financial_periods_start_unique" ON "financial_periods" USING btree ("subscriber_id","kind","starts_on");--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_frequency" CHECK ("payroll_settings"."pay_frequency" in ('Weekly', 'Bi-Weekly', 'Financial'));--> statement-breakpoint
-- Financial periods of one kind never overlap: a date is in one pay period at most. Two writers at once are kept in
-- order by a lock on the company's row, so neither misses the other's period. SQLSTATE SMOVL is answered with a sentence.
CREATE FUNCTION financial_periods_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM subscribers WHERE id = NEW.subscriber_id FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM financial_periods p
     WHERE p.subscriber_id = NEW.subscriber_id AND p.kind = NEW.kind AND p.id <> NEW.id
       AND p.starts_on <= NEW.ends_on AND NEW.starts_on <= p.ends_on
  ) THEN
    RAISE EXCEPTION 'financial periods of one kind cannot overlap' USING ERRCODE = 'SMOVL';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER financial_periods_no_overlap BEFORE INSERT OR UPDATE ON "financial_periods"
  FOR EACH ROW EXECUTE FUNCTION financial_periods_no_overlap();

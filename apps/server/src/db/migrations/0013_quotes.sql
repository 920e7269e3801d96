CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"quote_version_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"kind" text NOT NULL,
	"standard_item_id" integer,
	"description" text NOT NULL,
	"quantity" numeric(12, 4) NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"markup_group" text,
	"markup_percent" numeric(7, 2) DEFAULT '0' NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount_reason" text,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_lines_kind" CHECK ("quote_lines"."kind" in ('labor', 'material', 'standardItem')),
	CONSTRAINT "quote_lines_amounts" CHECK ("quote_lines"."quantity" > 0 and "quote_lines"."unit_cost" >= 0 and "quote_lines"."unit_price" >= 0 and "quote_lines"."markup_percent" >= 0 and "quote_lines"."discount" >= 0),
	CONSTRAINT "quote_lines_discount_reason" CHECK ("quote_lines"."discount" = 0 or "quote_lines"."discount_reason" is not null),
	CONSTRAINT "quote_lines_discount_at_most_total" CHECK ("quote_lines"."discount" <= round("quote_lines"."quantity" * "quote_lines"."unit_price", 2)),
	CONSTRAINT "quote_lines_standard_item_kind" CHECK ("quote_lines"."standard_item_id" is null or "quote_lines"."kind" = 'standardItem')
);
--> statement-breakpoint
CREATE TABLE "quote_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"quote_version_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"comment" text,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_status_history_to" CHECK ("quote_status_history"."to_status" in ('Open', 'Pending', 'Submitted', 'Approved', 'Rejected')),
	CONSTRAINT "quote_status_history_from" CHECK ("quote_status_history"."from_status" is null or "quote_status_history"."from_status" in ('Open', 'Pending', 'Submitted', 'Approved', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"title" text,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_versions_version_positive" CHECK ("quote_versions"."version" >= 1),
	CONSTRAINT "quote_versions_status" CHECK ("quote_versions"."status" in ('Open', 'Pending', 'Submitted', 'Approved', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"quote_number" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_positive" CHECK ("quotes"."quote_number" > 0),
	CONSTRAINT "quotes_current_version_positive" CHECK ("quotes"."current_version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_version_id_quote_versions_id_fk" FOREIGN KEY ("quote_version_id") REFERENCES "public"."quote_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_standard_item_id_standard_items_id_fk" FOREIGN KEY ("standard_item_id") REFERENCES "public"."standard_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_status_history" ADD CONSTRAINT "quote_status_history_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_status_history" ADD CONSTRAINT "quote_status_history_quote_version_id_quote_versions_id_fk" FOREIGN KEY ("quote_version_id") REFERENCES "public"."quote_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_status_history" ADD CONSTRAINT "quote_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_number_unique" ON "quote_lines" USING btree ("quote_version_id","line_number");--> statement-breakpoint
CREATE INDEX "quote_status_history_version_idx" ON "quote_status_history" USING btree ("quote_version_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_versions_quote_version_unique" ON "quote_versions" USING btree ("quote_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_unique" ON "quotes" USING btree ("subscriber_id","quote_number");--> statement-breakpoint
CREATE INDEX "quotes_work_order_idx" ON "quotes" USING btree ("work_order_id");--> statement-breakpoint
-- The lines of a quote change only on its current version while it is Open or Pending: older versions and decided
-- ones stay exactly as they were sent.
CREATE FUNCTION quote_lines_editable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    version_ids := ARRAY[NEW.quote_version_id];
  ELSIF TG_OP = 'UPDATE' THEN
    version_ids := ARRAY[OLD.quote_version_id, NEW.quote_version_id];
  ELSE
    version_ids := ARRAY[OLD.quote_version_id];
  END IF;
  IF EXISTS (
    SELECT 1 FROM unnest(version_ids) AS x(id)
    WHERE NOT EXISTS (
      SELECT 1 FROM quote_versions v JOIN quotes q ON q.id = v.quote_id
      WHERE v.id = x.id AND v.version = q.current_version AND v.status IN ('Open', 'Pending')
    )
  ) THEN
    RAISE EXCEPTION 'the lines of this quote version can no longer change' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER quote_lines_editable BEFORE INSERT OR UPDATE OR DELETE ON "quote_lines"
  FOR EACH ROW EXECUTE FUNCTION quote_lines_editable();
--> statement-breakpoint
-- Companies that exist already give their dispatchers the quotes, as new companies do (default matrix).
INSERT INTO "role_permissions" ("subscriber_id", "role_id", "area", "can_read", "can_write", "functionalities")
SELECT "id", 21, 'Quotes', true, true, ARRAY['All Quotes', 'Create Quote', 'Can Access Quotes Grid']::text[] FROM "subscribers"
ON CONFLICT DO NOTHING;

CREATE TABLE "inventory_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"part_number" text NOT NULL,
	"description" text NOT NULL,
	"unit" text DEFAULT 'Each' NOT NULL,
	"unit_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"unit_price" numeric(12, 2),
	"markup_group_id" integer,
	"preferred_vendor_id" integer,
	"barcode" text,
	"part_class" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "inventory_items_text" CHECK (btrim("inventory_items"."part_number") <> '' and btrim("inventory_items"."description") <> '' and btrim("inventory_items"."unit") <> ''),
	CONSTRAINT "inventory_items_money" CHECK ("inventory_items"."unit_cost" >= 0 and ("inventory_items"."unit_price" is null or "inventory_items"."unit_price" >= 0))
);
--> statement-breakpoint
CREATE TABLE "material_stock" (
	"material_id" integer PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"transfer_to_warehouse_id" integer,
	"vendor_id" integer,
	"write_off_reason" text
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"subscriber_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"on_hand" numeric(12, 3) DEFAULT '0' NOT NULL,
	"reserved" numeric(12, 3) DEFAULT '0' NOT NULL,
	"min_quantity" numeric(12, 3),
	"max_quantity" numeric(12, 3),
	"bin_location" text,
	CONSTRAINT "stock_levels_subscriber_id_item_id_warehouse_id_pk" PRIMARY KEY("subscriber_id","item_id","warehouse_id"),
	CONSTRAINT "stock_levels_min_max" CHECK (("stock_levels"."min_quantity" is null or "stock_levels"."min_quantity" >= 0) and ("stock_levels"."max_quantity" is null or "stock_levels"."max_quantity" >= 0) and ("stock_levels"."min_quantity" is null or "stock_levels"."max_quantity" is null or "stock_levels"."min_quantity" <= "stock_levels"."max_quantity")),
	CONSTRAINT "stock_levels_reserved" CHECK ("stock_levels"."reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_cost" numeric(12, 2),
	"reason" text,
	"work_order_id" integer,
	"material_id" integer,
	"purchase_order_id" integer,
	"purchase_order_line_id" integer,
	"transfer_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_reason" CHECK ("stock_movements"."kind" not in ('adjusted', 'writtenOff') or btrim(coalesce("stock_movements"."reason", '')) <> '')
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"from_warehouse_id" integer NOT NULL,
	"to_warehouse_id" integer NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	CONSTRAINT "stock_transfers_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "stock_transfers_quantity" CHECK ("stock_transfers"."quantity" > 0),
	CONSTRAINT "stock_transfers_places" CHECK ("stock_transfers"."from_warehouse_id" <> "stock_transfers"."to_warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"item_id" integer,
	"part_number" text,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"back_ordered_quantity" numeric(12, 3) DEFAULT '0' NOT NULL,
	"back_order_expected_on" text,
	CONSTRAINT "purchase_order_lines_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "purchase_order_lines_number_unique" UNIQUE("purchase_order_id","line_number"),
	CONSTRAINT "purchase_order_lines_amounts" CHECK ("purchase_order_lines"."quantity" > 0 and "purchase_order_lines"."unit_cost" >= 0 and "purchase_order_lines"."back_ordered_quantity" >= 0 and "purchase_order_lines"."back_ordered_quantity" <= "purchase_order_lines"."quantity"),
	CONSTRAINT "purchase_order_lines_description" CHECK (btrim("purchase_order_lines"."description") <> '')
);
--> statement-breakpoint
CREATE TABLE "purchase_order_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"received_by" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_receipts_quantity" CHECK ("purchase_order_receipts"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"number" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"ship_to_address_id" integer,
	"work_order_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"expected_on" text,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "purchase_orders_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "purchase_orders_number_unique" UNIQUE("subscriber_id","number"),
	CONSTRAINT "purchase_orders_number" CHECK ("purchase_orders"."number" >= 1),
	CONSTRAINT "purchase_orders_expected_on" CHECK ("purchase_orders"."expected_on" is null or "purchase_orders"."expected_on" ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
CREATE TABLE "vendor_credit_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"vendor_credit_id" integer NOT NULL,
	"item_id" integer,
	"material_id" integer,
	"part_number" text,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	CONSTRAINT "vendor_credit_lines_amounts" CHECK ("vendor_credit_lines"."quantity" > 0 and "vendor_credit_lines"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"purchase_order_id" integer,
	"work_order_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"vendor_reference" text,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" integer,
	"applied_at" timestamp with time zone,
	CONSTRAINT "vendor_credits_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "vendor_credits_applied" CHECK (("vendor_credits"."status" = 'applied') = ("vendor_credits"."applied_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_markup_group_id_markup_groups_id_fk" FOREIGN KEY ("markup_group_id") REFERENCES "public"."markup_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_vendor_fk" FOREIGN KEY ("subscriber_id","preferred_vendor_id") REFERENCES "public"."vendors"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stock" ADD CONSTRAINT "material_stock_material_id_work_order_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."work_order_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stock" ADD CONSTRAINT "material_stock_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stock" ADD CONSTRAINT "material_stock_item_fk" FOREIGN KEY ("subscriber_id","item_id") REFERENCES "public"."inventory_items"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stock" ADD CONSTRAINT "material_stock_warehouse_fk" FOREIGN KEY ("subscriber_id","warehouse_id") REFERENCES "public"."warehouses"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stock" ADD CONSTRAINT "material_stock_transfer_fk" FOREIGN KEY ("subscriber_id","transfer_to_warehouse_id") REFERENCES "public"."warehouses"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stock" ADD CONSTRAINT "material_stock_vendor_fk" FOREIGN KEY ("subscriber_id","vendor_id") REFERENCES "public"."vendors"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_item_fk" FOREIGN KEY ("subscriber_id","item_id") REFERENCES "public"."inventory_items"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_warehouse_fk" FOREIGN KEY ("subscriber_id","warehouse_id") REFERENCES "public"."warehouses"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_fk" FOREIGN KEY ("subscriber_id","item_id") REFERENCES "public"."inventory_items"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_fk" FOREIGN KEY ("subscriber_id","warehouse_id") REFERENCES "public"."warehouses"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_work_order_fk" FOREIGN KEY ("subscriber_id","work_order_id") REFERENCES "public"."work_orders"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_item_fk" FOREIGN KEY ("subscriber_id","item_id") REFERENCES "public"."inventory_items"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_fk" FOREIGN KEY ("subscriber_id","from_warehouse_id") REFERENCES "public"."warehouses"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_fk" FOREIGN KEY ("subscriber_id","to_warehouse_id") REFERENCES "public"."warehouses"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_fk" FOREIGN KEY ("subscriber_id","purchase_order_id") REFERENCES "public"."purchase_orders"("subscriber_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_item_fk" FOREIGN KEY ("subscriber_id","item_id") REFERENCES "public"."inventory_items"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_line_fk" FOREIGN KEY ("subscriber_id","line_id") REFERENCES "public"."purchase_order_lines"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_warehouse_fk" FOREIGN KEY ("subscriber_id","warehouse_id") REFERENCES "public"."warehouses"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_vendor_fk" FOREIGN KEY ("subscriber_id","vendor_id") REFERENCES "public"."vendors"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_ship_to_fk" FOREIGN KEY ("subscriber_id","ship_to_address_id") REFERENCES "public"."ship_to_addresses"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_work_order_fk" FOREIGN KEY ("subscriber_id","work_order_id") REFERENCES "public"."work_orders"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD CONSTRAINT "vendor_credit_lines_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD CONSTRAINT "vendor_credit_lines_credit_fk" FOREIGN KEY ("subscriber_id","vendor_credit_id") REFERENCES "public"."vendor_credits"("subscriber_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD CONSTRAINT "vendor_credit_lines_item_fk" FOREIGN KEY ("subscriber_id","item_id") REFERENCES "public"."inventory_items"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_vendor_fk" FOREIGN KEY ("subscriber_id","vendor_id") REFERENCES "public"."vendors"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_order_fk" FOREIGN KEY ("subscriber_id","purchase_order_id") REFERENCES "public"."purchase_orders"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_work_order_fk" FOREIGN KEY ("subscriber_id","work_order_id") REFERENCES "public"."work_orders"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_part_number_unique" ON "inventory_items" USING btree ("subscriber_id",lower("part_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_barcode_unique" ON "inventory_items" USING btree ("subscriber_id","barcode") WHERE "inventory_items"."barcode" is not null;--> statement-breakpoint
CREATE INDEX "stock_levels_warehouse_idx" ON "stock_levels" USING btree ("subscriber_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("subscriber_id","item_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_movements_material_idx" ON "stock_movements" USING btree ("material_id") WHERE "stock_movements"."material_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_purchase_order_idx" ON "stock_movements" USING btree ("purchase_order_id") WHERE "stock_movements"."purchase_order_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_transfers_status_idx" ON "stock_transfers" USING btree ("subscriber_id","status");--> statement-breakpoint
CREATE INDEX "purchase_order_receipts_line_idx" ON "purchase_order_receipts" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_work_order_idx" ON "purchase_orders" USING btree ("subscriber_id","work_order_id") WHERE "purchase_orders"."work_order_id" is not null;--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("subscriber_id","status");--> statement-breakpoint
CREATE INDEX "vendor_credit_lines_credit_idx" ON "vendor_credit_lines" USING btree ("vendor_credit_id");--> statement-breakpoint
CREATE INDEX "vendor_credit_lines_material_idx" ON "vendor_credit_lines" USING btree ("material_id") WHERE "vendor_credit_lines"."material_id" is not null;--> statement-breakpoint
CREATE INDEX "vendor_credits_status_idx" ON "vendor_credits" USING btree ("subscriber_id","status");--> statement-breakpoint
-- hand-written below
-- The stock ledger is append-only: a mistake is corrected by a movement the other way, so the history stays whole.
CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock movements are never changed or removed' USING ERRCODE = 'SMLED';
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();
--> statement-breakpoint
-- Each movement adds to its item's level at its location: reserved and released to what is set aside, every other
-- kind to what is on hand. Rows of the same level wait for each other here, so of two technicians taking the last
-- unit at once the second finds none left. Stock taken below zero is refused (SQLSTATE SMNEG) unless the company's
-- inventory settings allow negative stock.
CREATE FUNCTION apply_stock_movement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_reservation constant boolean := NEW.kind IN ('reserved', 'released');
  after_on_hand numeric;
BEGIN
  INSERT INTO stock_levels (subscriber_id, item_id, warehouse_id) VALUES (NEW.subscriber_id, NEW.item_id, NEW.warehouse_id)
  ON CONFLICT DO NOTHING;
  UPDATE stock_levels
     SET on_hand = on_hand + CASE WHEN is_reservation THEN 0 ELSE NEW.quantity END,
         reserved = reserved + CASE WHEN is_reservation THEN NEW.quantity ELSE 0 END
   WHERE subscriber_id = NEW.subscriber_id AND item_id = NEW.item_id AND warehouse_id = NEW.warehouse_id
  RETURNING on_hand INTO after_on_hand;
  IF NOT is_reservation AND NEW.quantity < 0 AND after_on_hand < 0 AND NOT COALESCE((
    SELECT (s.values ->> 'allowNegativeStock')::boolean FROM company_settings s
     WHERE s.subscriber_id = NEW.subscriber_id AND s.form_key = 'inventorySettings'), false)
  THEN
    RAISE EXCEPTION 'not enough stock of item % at location %', NEW.item_id, NEW.warehouse_id USING ERRCODE = 'SMNEG';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER apply_stock_movement AFTER INSERT ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION apply_stock_movement();
--> statement-breakpoint
-- What is on hand and reserved is written only by the ledger's trigger (one level deeper); a level the office creates
-- for its minimum and maximum starts at zero.
CREATE FUNCTION stock_levels_from_ledger_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (
    (TG_OP = 'INSERT' AND (NEW.on_hand <> 0 OR NEW.reserved <> 0))
    OR (TG_OP = 'UPDATE' AND (NEW.on_hand, NEW.reserved) IS DISTINCT FROM (OLD.on_hand, OLD.reserved))
  ) THEN
    RAISE EXCEPTION 'stock on hand changes only through the stock ledger' USING ERRCODE = 'SMLED';
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.on_hand <> 0 OR OLD.reserved <> 0 THEN
      RAISE EXCEPTION 'a location holding stock keeps its level' USING ERRCODE = 'SMLED';
    END IF;
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_levels_from_ledger_only BEFORE INSERT OR UPDATE OR DELETE ON stock_levels
  FOR EACH ROW EXECUTE FUNCTION stock_levels_from_ledger_only();
--> statement-breakpoint
SELECT protect_company_tables();

CREATE TABLE "purchase_order_settings" (
	"subscriber_id" integer PRIMARY KEY NOT NULL,
	"next_purchase_order_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "purchase_order_settings_next_number" CHECK ("purchase_order_settings"."next_purchase_order_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ship_to_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"city" text,
	"state" text,
	"zip" text,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ship_to_addresses_subscriber_id_unique" UNIQUE("subscriber_id","id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"account_number" text,
	"terms_id" integer,
	"phone" text,
	"email" text,
	"street" text,
	"city" text,
	"state" text,
	"zip" text,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"notes" text,
	CONSTRAINT "vendors_subscriber_id_unique" UNIQUE("subscriber_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"type_id" integer NOT NULL,
	"street" text,
	"city" text,
	"state" text,
	"zip" text,
	"is_truck" boolean DEFAULT false NOT NULL,
	"technician_id" integer,
	"truck_stock_type_id" integer,
	CONSTRAINT "warehouses_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "warehouses_truck" CHECK (("warehouses"."is_truck" and "warehouses"."technician_id" is not null and "warehouses"."truck_stock_type_id" is not null) or (not "warehouses"."is_truck" and "warehouses"."technician_id" is null and "warehouses"."truck_stock_type_id" is null))
);
--> statement-breakpoint
ALTER TABLE "purchase_order_settings" ADD CONSTRAINT "purchase_order_settings_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_to_addresses" ADD CONSTRAINT "ship_to_addresses_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_terms_id_company_list_rows_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_type_id_company_list_rows_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_truck_stock_type_id_company_list_rows_id_fk" FOREIGN KEY ("truck_stock_type_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ship_to_addresses_name_unique" ON "ship_to_addresses" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ship_to_addresses_one_default" ON "ship_to_addresses" USING btree ("subscriber_id") WHERE "ship_to_addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_unique" ON "vendors" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_unique" ON "warehouses" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_one_truck_per_technician" ON "warehouses" USING btree ("subscriber_id","technician_id") WHERE "warehouses"."technician_id" is not null;--> statement-breakpoint
-- hand-written below
-- Companies that exist already get the kinds of warehouse and truck stock a new company starts with.
INSERT INTO "company_list_rows" ("subscriber_id", "list_key", "name")
SELECT s."id", v."list_key", v."name"
FROM "subscribers" s
CROSS JOIN (VALUES ('wareHouseTypes', 'Main Warehouse'), ('wareHouseTypes', 'Satellite Warehouse'), ('truckStockTypes', 'Standard Van Stock'), ('truckStockTypes', 'Refrigeration Van Stock')) AS v("list_key", "name")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT protect_company_tables();

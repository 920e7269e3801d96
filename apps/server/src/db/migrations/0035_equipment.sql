CREATE TABLE "equipment_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"appliance_type" text NOT NULL,
	"leak_rate_percent" numeric(7, 2),
	CONSTRAINT "equipment_categories_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "equipment_categories_appliance_type" CHECK ("equipment_categories"."appliance_type" in ('comfortCooling', 'commercialRefrigeration', 'industrialProcess', 'none')),
	CONSTRAINT "equipment_categories_leak_rate" CHECK ("equipment_categories"."leak_rate_percent" is null or ("equipment_categories"."leak_rate_percent" >= 0 and "equipment_categories"."leak_rate_percent" <= 1000))
);
--> statement-breakpoint
CREATE TABLE "equipment_makes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "equipment_makes_subscriber_id_unique" UNIQUE("subscriber_id","id")
);
--> statement-breakpoint
CREATE TABLE "equipment_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"make_id" integer NOT NULL,
	CONSTRAINT "equipment_models_subscriber_id_unique" UNIQUE("subscriber_id","id")
);
--> statement-breakpoint
CREATE TABLE "refrigerants" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"kind" text NOT NULL,
	"charge_threshold_pounds" integer,
	CONSTRAINT "refrigerants_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "refrigerants_kind" CHECK ("refrigerants"."kind" in ('hfc', 'ozoneDepleting', 'hfo', 'natural')),
	CONSTRAINT "refrigerants_charge_threshold" CHECK ("refrigerants"."charge_threshold_pounds" is null or "refrigerants"."charge_threshold_pounds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voltages" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "voltages_subscriber_id_unique" UNIQUE("subscriber_id","id")
);
--> statement-breakpoint
ALTER TABLE "equipment_categories" ADD CONSTRAINT "equipment_categories_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_makes" ADD CONSTRAINT "equipment_makes_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_models" ADD CONSTRAINT "equipment_models_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_models" ADD CONSTRAINT "equipment_models_make_fk" FOREIGN KEY ("subscriber_id","make_id") REFERENCES "public"."equipment_makes"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerants" ADD CONSTRAINT "refrigerants_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voltages" ADD CONSTRAINT "voltages_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_categories_name_unique" ON "equipment_categories" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_makes_name_unique" ON "equipment_makes" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_models_name_unique" ON "equipment_models" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "refrigerants_name_unique" ON "refrigerants" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "voltages_name_unique" ON "voltages" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
-- hand-written below
-- Companies that exist already start with the equipment information a new company gets (equipment-info-rows.ts).
INSERT INTO equipment_categories (subscriber_id, name, appliance_type, leak_rate_percent)
SELECT s.id, c.name, c.appliance_type, c.leak_rate_percent
FROM subscribers s CROSS JOIN (VALUES
  ('Refrigeration', 'commercialRefrigeration', 20.00),
  ('Air Conditioning', 'comfortCooling', 10.00),
  ('Cooking Equipment', 'none', NULL)
) AS c(name, appliance_type, leak_rate_percent);
--> statement-breakpoint
INSERT INTO refrigerants (subscriber_id, name, kind, charge_threshold_pounds)
SELECT s.id, r.name, r.kind, r.threshold
FROM subscribers s CROSS JOIN (VALUES
  ('R-404A', 'hfc', 15), ('R-410A', 'hfc', 15), ('R-134a', 'hfc', 15), ('R-448A', 'hfc', 15), ('R-449A', 'hfc', 15),
  ('R-22', 'ozoneDepleting', 50), ('R-290', 'natural', NULL), ('R-744', 'natural', NULL)
) AS r(name, kind, threshold);
--> statement-breakpoint
INSERT INTO voltages (subscriber_id, name)
SELECT s.id, v.name FROM subscribers s CROSS JOIN (VALUES ('115V'), ('208-230V/1ph'), ('208-230V/3ph'), ('460V/3ph')) AS v(name);
--> statement-breakpoint
-- The lists carry a company id: the company policy of 0026 keeps each company to its own rows.
SELECT protect_company_tables();--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"make_id" integer,
	"model_id" integer,
	"serial_number" text,
	"refrigerant_id" integer,
	"charge_pounds" numeric(9, 2),
	"voltage_id" integer,
	"installed_on" date,
	"warranty_ends_on" date,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "equipment_charge" CHECK ("equipment"."charge_pounds" is null or "equipment"."charge_pounds" >= 0),
	CONSTRAINT "equipment_charge_has_refrigerant" CHECK ("equipment"."charge_pounds" is null or "equipment"."refrigerant_id" is not null),
	CONSTRAINT "equipment_model_has_make" CHECK ("equipment"."model_id" is null or "equipment"."make_id" is not null),
	CONSTRAINT "equipment_name" CHECK (btrim("equipment"."name") <> ''),
	CONSTRAINT "equipment_serial" CHECK ("equipment"."serial_number" is null or btrim("equipment"."serial_number") <> ''),
	CONSTRAINT "equipment_warranty" CHECK ("equipment"."installed_on" is null or "equipment"."warranty_ends_on" is null or "equipment"."warranty_ends_on" >= "equipment"."installed_on")
);
--> statement-breakpoint
CREATE TABLE "work_order_equipment" (
	"subscriber_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_equipment_work_order_id_equipment_id_pk" PRIMARY KEY("work_order_id","equipment_id")
);
--> statement-breakpoint
-- The keys the company-carrying foreign keys below point at come first.
ALTER TABLE "customers" ADD CONSTRAINT "customers_subscriber_id_unique" UNIQUE("subscriber_id","id");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_subscriber_id_unique" UNIQUE("subscriber_id","id");--> statement-breakpoint
ALTER TABLE "equipment_models" ADD CONSTRAINT "equipment_models_make_unique" UNIQUE("subscriber_id","make_id","id");--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_customer_fk" FOREIGN KEY ("subscriber_id","customer_id") REFERENCES "public"."customers"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_category_fk" FOREIGN KEY ("subscriber_id","category_id") REFERENCES "public"."equipment_categories"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_make_fk" FOREIGN KEY ("subscriber_id","make_id") REFERENCES "public"."equipment_makes"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_model_fk" FOREIGN KEY ("subscriber_id","make_id","model_id") REFERENCES "public"."equipment_models"("subscriber_id","make_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_refrigerant_fk" FOREIGN KEY ("subscriber_id","refrigerant_id") REFERENCES "public"."refrigerants"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_voltage_fk" FOREIGN KEY ("subscriber_id","voltage_id") REFERENCES "public"."voltages"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_equipment" ADD CONSTRAINT "work_order_equipment_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_equipment" ADD CONSTRAINT "work_order_equipment_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_equipment" ADD CONSTRAINT "work_order_equipment_work_order_fk" FOREIGN KEY ("subscriber_id","work_order_id") REFERENCES "public"."work_orders"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_equipment" ADD CONSTRAINT "work_order_equipment_equipment_fk" FOREIGN KEY ("subscriber_id","equipment_id") REFERENCES "public"."equipment"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_serial_unique" ON "equipment" USING btree ("subscriber_id","make_id",lower("serial_number")) WHERE "equipment"."serial_number" is not null;--> statement-breakpoint
CREATE INDEX "equipment_customer_idx" ON "equipment" USING btree ("subscriber_id","customer_id");--> statement-breakpoint
CREATE INDEX "equipment_category_idx" ON "equipment" USING btree ("subscriber_id","category_id");--> statement-breakpoint
CREATE INDEX "equipment_serial_trgm_idx" ON "equipment" USING gin (("subscriber_id" + 0),lower(coalesce("serial_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_order_equipment_equipment_idx" ON "work_order_equipment" USING btree ("equipment_id");--> statement-breakpoint
-- hand-written below
-- The equipment and the work orders' links carry a company id: the company policy of 0026 keeps each company to its own rows.
SELECT protect_company_tables();--> statement-breakpoint
ALTER TABLE "work_order_equipment_tasks" ADD COLUMN "equipment_id" integer;--> statement-breakpoint
ALTER TABLE "work_order_equipment_tasks" ADD CONSTRAINT "work_order_equipment_tasks_equipment_fk" FOREIGN KEY ("subscriber_id","equipment_id") REFERENCES "public"."equipment"("subscriber_id","id") ON DELETE no action ON UPDATE no action;

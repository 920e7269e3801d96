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
SELECT protect_company_tables();

CREATE TABLE "vehicle_flag_links" (
	"subscriber_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"fleet_flag_id" integer NOT NULL,
	CONSTRAINT "vehicle_flag_links_vehicle_id_fleet_flag_id_pk" PRIMARY KEY("vehicle_id","fleet_flag_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"inspected_on" date NOT NULL,
	"odometer" integer,
	"items" jsonb NOT NULL,
	"needs_attention" integer NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_inspections_odometer" CHECK ("vehicle_inspections"."odometer" is null or "vehicle_inspections"."odometer" >= 0),
	CONSTRAINT "vehicle_inspections_needs_attention" CHECK ("vehicle_inspections"."needs_attention" >= 0 and jsonb_typeof("vehicle_inspections"."items") = 'array')
);
--> statement-breakpoint
CREATE TABLE "vehicle_mileage_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"logged_on" date NOT NULL,
	"odometer" integer NOT NULL,
	"fuel_gallons" numeric(10, 3),
	"fuel_cost" numeric(12, 2),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_mileage_logs_odometer" CHECK ("vehicle_mileage_logs"."odometer" >= 0),
	CONSTRAINT "vehicle_mileage_logs_fuel" CHECK (("vehicle_mileage_logs"."fuel_gallons" is null or "vehicle_mileage_logs"."fuel_gallons" > 0) and ("vehicle_mileage_logs"."fuel_cost" is null or "vehicle_mileage_logs"."fuel_cost" >= 0))
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"fleet_description_id" integer NOT NULL,
	"year" integer,
	"make" text,
	"model" text,
	"plate" text NOT NULL,
	"vin" text,
	"technician_id" integer,
	"fleet_status_id" integer NOT NULL,
	"odometer" integer,
	"last_logged_on" date,
	"service_due_on" date,
	"service_due_miles" integer,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_subscriber_id_unique" UNIQUE("subscriber_id","id"),
	CONSTRAINT "vehicles_vin" CHECK ("vehicles"."vin" is null or "vehicles"."vin" ~ '^[A-HJ-NPR-Z0-9]{17}$'),
	CONSTRAINT "vehicles_plate" CHECK (btrim("vehicles"."plate") <> ''),
	CONSTRAINT "vehicles_odometer" CHECK ("vehicles"."odometer" is null or "vehicles"."odometer" >= 0),
	CONSTRAINT "vehicles_service_due_miles" CHECK ("vehicles"."service_due_miles" is null or "vehicles"."service_due_miles" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vehicle_flag_links" ADD CONSTRAINT "vehicle_flag_links_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_flag_links" ADD CONSTRAINT "vehicle_flag_links_fleet_flag_id_company_list_rows_id_fk" FOREIGN KEY ("fleet_flag_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_flag_links" ADD CONSTRAINT "vehicle_flag_links_vehicle_fk" FOREIGN KEY ("subscriber_id","vehicle_id") REFERENCES "public"."vehicles"("subscriber_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_inspections" ADD CONSTRAINT "vehicle_inspections_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_inspections" ADD CONSTRAINT "vehicle_inspections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_inspections" ADD CONSTRAINT "vehicle_inspections_vehicle_fk" FOREIGN KEY ("subscriber_id","vehicle_id") REFERENCES "public"."vehicles"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_mileage_logs" ADD CONSTRAINT "vehicle_mileage_logs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_mileage_logs" ADD CONSTRAINT "vehicle_mileage_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_mileage_logs" ADD CONSTRAINT "vehicle_mileage_logs_vehicle_fk" FOREIGN KEY ("subscriber_id","vehicle_id") REFERENCES "public"."vehicles"("subscriber_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_fleet_description_id_company_list_rows_id_fk" FOREIGN KEY ("fleet_description_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_fleet_status_id_company_list_rows_id_fk" FOREIGN KEY ("fleet_status_id") REFERENCES "public"."company_list_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_flag_links_flag_idx" ON "vehicle_flag_links" USING btree ("subscriber_id","fleet_flag_id");--> statement-breakpoint
CREATE INDEX "vehicle_inspections_vehicle_idx" ON "vehicle_inspections" USING btree ("subscriber_id","vehicle_id","inspected_on");--> statement-breakpoint
CREATE INDEX "vehicle_mileage_logs_vehicle_idx" ON "vehicle_mileage_logs" USING btree ("subscriber_id","vehicle_id","odometer");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_vin_unique" ON "vehicles" USING btree ("subscriber_id","vin") WHERE "vehicles"."is_active" and "vehicles"."vin" is not null;--> statement-breakpoint
CREATE INDEX "vehicles_technician_idx" ON "vehicles" USING btree ("subscriber_id","technician_id");--> statement-breakpoint
-- hand-written below
-- A reading of the odometer locks its vehicle, is refused below the vehicle's last one (SQLSTATE SMODO) and becomes
-- its odometer: of two readings sent at once, the second waits for the first and is judged against it.
CREATE FUNCTION apply_vehicle_mileage_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_reading integer;
BEGIN
  SELECT odometer INTO last_reading FROM vehicles WHERE subscriber_id = NEW.subscriber_id AND id = NEW.vehicle_id FOR UPDATE;
  IF last_reading IS NOT NULL AND NEW.odometer < last_reading THEN
    RAISE EXCEPTION 'odometer % is below the last reading % of vehicle %', NEW.odometer, last_reading, NEW.vehicle_id USING ERRCODE = 'SMODO';
  END IF;
  UPDATE vehicles SET odometer = NEW.odometer, last_logged_on = greatest(last_logged_on, NEW.logged_on)
   WHERE subscriber_id = NEW.subscriber_id AND id = NEW.vehicle_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER apply_vehicle_mileage_log BEFORE INSERT ON vehicle_mileage_logs
  FOR EACH ROW EXECUTE FUNCTION apply_vehicle_mileage_log();
--> statement-breakpoint
-- A vehicle's odometer and last log date are written by its mileage log only.
CREATE FUNCTION vehicles_odometer_from_log_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (
    (TG_OP = 'INSERT' AND (NEW.odometer IS NOT NULL OR NEW.last_logged_on IS NOT NULL))
    OR (TG_OP = 'UPDATE' AND (NEW.odometer, NEW.last_logged_on) IS DISTINCT FROM (OLD.odometer, OLD.last_logged_on))
  ) THEN
    RAISE EXCEPTION 'a vehicle''s odometer changes only through its mileage log' USING ERRCODE = 'SMODL';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicles_odometer_from_log_only BEFORE INSERT OR UPDATE ON vehicles
  FOR EACH ROW EXECUTE FUNCTION vehicles_odometer_from_log_only();
--> statement-breakpoint
SELECT protect_company_tables();

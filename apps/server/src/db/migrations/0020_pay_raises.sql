CREATE TABLE "pay_raise_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"pay_raise_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pay_raise_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_raises" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"pay_raise_type_id" integer NOT NULL,
	"current_position" text,
	"current_pay_rate" numeric(10, 2),
	"new_position" text NOT NULL,
	"new_pay" numeric(10, 2) NOT NULL,
	"reason_for_change" text NOT NULL,
	"effective_date" date NOT NULL,
	"priority" integer NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_approved" boolean,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"signature_png" text,
	"signed_at" timestamp with time zone,
	CONSTRAINT "pay_raises_new_pay_positive" CHECK ("pay_raises"."new_pay" > 0),
	CONSTRAINT "pay_raises_priority" CHECK ("pay_raises"."priority" between 1 and 3),
	CONSTRAINT "pay_raises_signed_when_approved" CHECK ("pay_raises"."signed_at" is null or ("pay_raises"."is_approved" is true and "pay_raises"."signature_png" is not null))
);
--> statement-breakpoint
CREATE TABLE "pay_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"position" text NOT NULL,
	"hourly_rate" numeric(10, 2) NOT NULL,
	"pay_raise_id" integer,
	CONSTRAINT "pay_rates_rate_positive" CHECK ("pay_rates"."hourly_rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "pay_raise_notices" ADD CONSTRAINT "pay_raise_notices_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_raise_notices" ADD CONSTRAINT "pay_raise_notices_pay_raise_id_pay_raises_id_fk" FOREIGN KEY ("pay_raise_id") REFERENCES "public"."pay_raises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_raise_notices" ADD CONSTRAINT "pay_raise_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_raise_types" ADD CONSTRAINT "pay_raise_types_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_raises" ADD CONSTRAINT "pay_raises_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_raises" ADD CONSTRAINT "pay_raises_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_raises" ADD CONSTRAINT "pay_raises_pay_raise_type_id_pay_raise_types_id_fk" FOREIGN KEY ("pay_raise_type_id") REFERENCES "public"."pay_raise_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_raises" ADD CONSTRAINT "pay_raises_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_raises" ADD CONSTRAINT "pay_raises_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_raise_notices_one" ON "pay_raise_notices" USING btree ("pay_raise_id","user_id","kind");--> statement-breakpoint
CREATE INDEX "pay_raise_notices_user_idx" ON "pay_raise_notices" USING btree ("user_id","acknowledged_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_raise_types_name_unique" ON "pay_raise_types" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pay_raises_subscriber_idx" ON "pay_raises" USING btree ("subscriber_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_rates_one_per_day" ON "pay_rates" USING btree ("user_id","effective_from");
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" smallint NOT NULL,
	"answer" text NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"message" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"path" text NOT NULL,
	"body" jsonb,
	"idempotency_key" text,
	"device_time" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text,
	CONSTRAINT "request_conflicts_state_known" CHECK ("request_conflicts"."state" in ('open', 'applied', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD COLUMN "start_device_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD COLUMN "start_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD COLUMN "stop_device_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD COLUMN "stop_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_conflicts" ADD CONSTRAINT "request_conflicts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_conflicts" ADD CONSTRAINT "request_conflicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_conflicts" ADD CONSTRAINT "request_conflicts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_unique" ON "idempotency_keys" USING btree ("subscriber_id","user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_user_created_idx" ON "idempotency_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "request_conflicts_state_idx" ON "request_conflicts" USING btree ("subscriber_id","state","received_at");--> statement-breakpoint
-- Both new tables carry a company id: row-level security as on every company table (migration 0026).
SELECT protect_company_tables();

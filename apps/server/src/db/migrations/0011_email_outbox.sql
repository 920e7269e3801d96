CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"from_address" text NOT NULL,
	"from_name" text NOT NULL,
	"to" text[] NOT NULL,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"message_id" text NOT NULL,
	CONSTRAINT "email_outbox_status" CHECK ("email_outbox"."status" in ('queued', 'sending', 'sent', 'failed', 'uncertain')),
	CONSTRAINT "email_outbox_has_recipient" CHECK (cardinality("email_outbox"."to") >= 1),
	CONSTRAINT "email_outbox_attempts" CHECK ("email_outbox"."attempts" >= 0),
	CONSTRAINT "email_outbox_sending_is_locked" CHECK ("email_outbox"."status" <> 'sending' or "email_outbox"."locked_until" is not null)
);
--> statement-breakpoint
CREATE TABLE "email_outbox_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"outbox_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox_attachments" ADD CONSTRAINT "email_outbox_attachments_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_message_id_unique" ON "email_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at","id") WHERE "email_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "email_outbox_lease_idx" ON "email_outbox" USING btree ("locked_until") WHERE "email_outbox"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "email_outbox_subscriber_created_idx" ON "email_outbox" USING btree ("subscriber_id","created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_subscriber_status_idx" ON "email_outbox" USING btree ("subscriber_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_attachments_order" ON "email_outbox_attachments" USING btree ("outbox_id","ordinal");
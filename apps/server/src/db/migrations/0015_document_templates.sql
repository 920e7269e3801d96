CREATE TABLE "document_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"kind" text NOT NULL,
	"header_colour" text NOT NULL,
	"accent_colour" text NOT NULL,
	"title" text NOT NULL,
	"terms" text NOT NULL,
	"footer" text NOT NULL,
	"columns" jsonb NOT NULL,
	"logo_png" "bytea",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "document_templates_kind" CHECK ("document_templates"."kind" in ('invoice', 'quote')),
	CONSTRAINT "document_templates_colours" CHECK ("document_templates"."header_colour" ~ '^#[0-9a-fA-F]{6}$' and "document_templates"."accent_colour" ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "document_templates_logo_size" CHECK ("document_templates"."logo_png" is null or octet_length("document_templates"."logo_png") <= 2097152)
);
--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_templates_subscriber_kind" ON "document_templates" USING btree ("subscriber_id","kind");
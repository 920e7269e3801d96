CREATE TABLE "import_rows" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"status" text NOT NULL,
	"action" text,
	"external_id" text,
	"name" text,
	"message" text,
	"cells" jsonb NOT NULL,
	"data" jsonb,
	CONSTRAINT "import_rows_import_id_line_pk" PRIMARY KEY("import_id","line"),
	CONSTRAINT "import_rows_status" CHECK ("import_rows"."status" in ('valid', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"header" jsonb NOT NULL,
	"state" text DEFAULT 'previewed' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"to_create" integer DEFAULT 0 NOT NULL,
	"to_update" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"updated_rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "imports_state" CHECK ("imports"."state" in ('previewed', 'queued', 'running', 'done', 'failed')),
	CONSTRAINT "imports_kind" CHECK ("imports"."kind" in ('customers', 'contacts', 'users', 'standardItems'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "standard_items" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_rows_rejected_idx" ON "import_rows" USING btree ("import_id","line") WHERE "import_rows"."status" = 'rejected';--> statement-breakpoint
CREATE INDEX "imports_subscriber_idx" ON "imports" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_external_id_unique" ON "users" USING btree ("subscriber_id","external_id") WHERE "users"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "standard_items_external_id_unique" ON "standard_items" USING btree ("subscriber_id","external_id") WHERE "standard_items"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_external_id_unique" ON "contacts" USING btree ("subscriber_id","external_id") WHERE "contacts"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_external_id_unique" ON "customers" USING btree ("subscriber_id","external_id") WHERE "customers"."external_id" is not null;--> statement-breakpoint
-- hand-written below
-- The imports and their rows carry a company id: the company policy of 0026 keeps each company to its own rows.
SELECT protect_company_tables();

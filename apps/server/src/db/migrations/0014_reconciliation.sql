CREATE TABLE "bank_csv_mappings" (
	"building_id" uuid NOT NULL,
	"bank_uuid" uuid NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_csv_mappings_building_id_bank_uuid_pk" PRIMARY KEY("building_id","bank_uuid")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_clearings" (
	"building_id" uuid NOT NULL,
	"bank_uuid" uuid NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"period_uuid" uuid NOT NULL,
	CONSTRAINT "reconciliation_clearings_building_id_bank_uuid_transaction_uuid_pk" PRIMARY KEY("building_id","bank_uuid","transaction_uuid")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_periods" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"bank_uuid" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"starting_balance" bigint NOT NULL,
	"closing_balance" bigint,
	"is_reconciled" boolean DEFAULT false NOT NULL,
	"reconciled_at" timestamp with time zone,
	"reconciled_by" jsonb,
	"snapshot" jsonb,
	"changes" jsonb,
	"statement_file" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_periods_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"bank_uuid" uuid NOT NULL,
	"period_uuid" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"file_hash" text NOT NULL,
	"content" text,
	"mapping" jsonb,
	"created_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_imports_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"building_id" uuid NOT NULL,
	"import_uuid" uuid NOT NULL,
	"id" integer NOT NULL,
	"bank_uuid" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"check_number" text,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"transaction_uuid" uuid,
	CONSTRAINT "statement_lines_building_id_import_uuid_id_pk" PRIMARY KEY("building_id","import_uuid","id")
);
--> statement-breakpoint
ALTER TABLE "reconciliation_clearings" ADD CONSTRAINT "reconciliation_clearings_building_id_period_uuid_reconciliation_periods_building_id_uuid_fk" FOREIGN KEY ("building_id","period_uuid") REFERENCES "public"."reconciliation_periods"("building_id","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_periods" ADD CONSTRAINT "reconciliation_periods_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_building_id_period_uuid_reconciliation_periods_building_id_uuid_fk" FOREIGN KEY ("building_id","period_uuid") REFERENCES "public"."reconciliation_periods"("building_id","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_building_id_import_uuid_statement_imports_building_id_uuid_fk" FOREIGN KEY ("building_id","import_uuid") REFERENCES "public"."statement_imports"("building_id","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_clearings_period_idx" ON "reconciliation_clearings" USING btree ("building_id","period_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_periods_bank_start_idx" ON "reconciliation_periods" USING btree ("building_id","bank_uuid","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_imports_file_idx" ON "statement_imports" USING btree ("building_id","bank_uuid","file_hash");--> statement-breakpoint
CREATE INDEX "statement_lines_fingerprint_idx" ON "statement_lines" USING btree ("building_id","bank_uuid","fingerprint");
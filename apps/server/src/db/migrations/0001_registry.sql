CREATE TABLE "ledger_accounts" (
	"building_id" uuid NOT NULL,
	"aid" integer NOT NULL,
	"kind" text NOT NULL,
	"record_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_building_id_aid_pk" PRIMARY KEY("building_id","aid")
);
--> statement-breakpoint
CREATE TABLE "registry_records" (
	"building_id" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"collection" text NOT NULL,
	"uuid" uuid NOT NULL,
	"aid" integer,
	"number" text,
	"archived" boolean DEFAULT false NOT NULL,
	"owners_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_records_building_id_fiscal_year_collection_uuid_pk" PRIMARY KEY("building_id","fiscal_year","collection","uuid")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_records" ADD CONSTRAINT "registry_records_building_id_fiscal_year_fiscal_years_building_id_start_date_fk" FOREIGN KEY ("building_id","fiscal_year") REFERENCES "public"."fiscal_years"("building_id","start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_record_idx" ON "ledger_accounts" USING btree ("building_id","record_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_records_number_idx" ON "registry_records" USING btree ("building_id","fiscal_year","collection","number") WHERE "registry_records"."number" is not null;--> statement-breakpoint
CREATE INDEX "registry_records_owners_emails_idx" ON "registry_records" USING gin ("owners_emails");
CREATE TABLE "transactions" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"payment_method" text,
	"check_number" text,
	"deposit" text,
	"batch" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancelled" jsonb,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported" boolean DEFAULT false NOT NULL,
	"indexes" text[] DEFAULT '{}'::text[] NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "subtransactions" (
	"building_id" uuid NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"line" smallint NOT NULL,
	"aid" integer NOT NULL,
	"amount" bigint NOT NULL,
	"check_number" text,
	CONSTRAINT "subtransactions_building_id_transaction_uuid_line_pk" PRIMARY KEY("building_id","transaction_uuid","line")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_building_id_fiscal_year_fiscal_years_building_id_start_date_fk" FOREIGN KEY ("building_id","fiscal_year") REFERENCES "public"."fiscal_years"("building_id","start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtransactions" ADD CONSTRAINT "subtransactions_building_id_transaction_uuid_transactions_building_id_uuid_fk" FOREIGN KEY ("building_id","transaction_uuid") REFERENCES "public"."transactions"("building_id","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtransactions" ADD CONSTRAINT "subtransactions_building_id_aid_ledger_accounts_building_id_aid_fk" FOREIGN KEY ("building_id","aid") REFERENCES "public"."ledger_accounts"("building_id","aid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_year_date_idx" ON "transactions" USING btree ("building_id","fiscal_year","date");--> statement-breakpoint
CREATE INDEX "subtransactions_account_idx" ON "subtransactions" USING btree ("building_id","aid");
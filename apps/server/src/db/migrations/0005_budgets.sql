CREATE TABLE "budgets" (
	"building_id" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"uuid" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"application_date" date,
	"contributions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"budgeted_amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"budgeted_comments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "fee_billings" (
	"building_id" uuid NOT NULL,
	"budget_uuid" uuid NOT NULL,
	"member_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_billings_building_id_transaction_uuid_pk" PRIMARY KEY("building_id","transaction_uuid")
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_building_id_fiscal_year_fiscal_years_building_id_start_date_fk" FOREIGN KEY ("building_id","fiscal_year") REFERENCES "public"."fiscal_years"("building_id","start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budgets_year_idx" ON "budgets" USING btree ("building_id","fiscal_year");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_billings_month_idx" ON "fee_billings" USING btree ("building_id","budget_uuid","member_uuid","month","kind");
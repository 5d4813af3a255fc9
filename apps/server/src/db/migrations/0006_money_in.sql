CREATE TABLE "arrears_alerts" (
	"building_id" uuid NOT NULL,
	"unit_uuid" uuid NOT NULL,
	"since" date NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arrears_alerts_building_id_unit_uuid_since_pk" PRIMARY KEY("building_id","unit_uuid","since")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"number" text NOT NULL,
	"description" text NOT NULL,
	"date" date NOT NULL,
	"bank_uuid" uuid NOT NULL,
	"total" bigint NOT NULL,
	"items" jsonb NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"created_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "penalties" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"description" text,
	"category_uuid" uuid NOT NULL,
	"amount" bigint,
	"rate" double precision,
	"grace_period" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "penalties_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "penalty_charges" (
	"building_id" uuid NOT NULL,
	"aid" integer NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "penalty_charges_building_id_aid_month_kind_pk" PRIMARY KEY("building_id","aid","month","kind")
);
--> statement-breakpoint
CREATE TABLE "checks" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"unit_uuid" uuid NOT NULL,
	"number" text NOT NULL,
	"amount" bigint NOT NULL,
	"date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"deposit_uuid" uuid,
	"return_transaction_uuid" uuid,
	"created_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checks_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "unit_reminders" (
	"building_id" uuid NOT NULL,
	"unit_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"level" integer NOT NULL,
	"amount" bigint NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"sent_by" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_reminders_building_id_unit_uuid_month_pk" PRIMARY KEY("building_id","unit_uuid","month")
);
--> statement-breakpoint
CREATE TABLE "unit_sales" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"unit_uuid" uuid NOT NULL,
	"date" date NOT NULL,
	"old_aid" integer NOT NULL,
	"new_aid" integer NOT NULL,
	"balance_option" text NOT NULL,
	"balance_at_sale" bigint NOT NULL,
	"former_owners" jsonb NOT NULL,
	"new_owners" jsonb NOT NULL,
	"sold_and_need_to_set_balance_to_zero" boolean NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_sales_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_building_id_fiscal_year_fiscal_years_building_id_start_date_fk" FOREIGN KEY ("building_id","fiscal_year") REFERENCES "public"."fiscal_years"("building_id","start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalties" ADD CONSTRAINT "penalties_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_building_id_fiscal_year_fiscal_years_building_id_start_date_fk" FOREIGN KEY ("building_id","fiscal_year") REFERENCES "public"."fiscal_years"("building_id","start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_date_idx" ON "deposits" USING btree ("building_id","fiscal_year","date");--> statement-breakpoint
CREATE UNIQUE INDEX "penalties_default_kind_idx" ON "penalties" USING btree ("building_id","kind") WHERE "penalties"."kind" in ('defaultLatePaymentFee', 'defaultInterests', 'defaultCheckReversalFee');--> statement-breakpoint
CREATE INDEX "checks_status_idx" ON "checks" USING btree ("building_id","fiscal_year","status");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_sales_old_aid_idx" ON "unit_sales" USING btree ("building_id","old_aid");--> statement-breakpoint
CREATE INDEX "unit_sales_unit_idx" ON "unit_sales" USING btree ("building_id","unit_uuid");
CREATE TABLE "pad_agreements" (
	"building_id" uuid NOT NULL,
	"unit_uuid" uuid NOT NULL,
	"signed_file" jsonb,
	"notice" jsonb,
	"flag" text,
	"flagged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pad_agreements_building_id_unit_uuid_pk" PRIMARY KEY("building_id","unit_uuid")
);
--> statement-breakpoint
CREATE TABLE "pad_files" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"creation_number" integer,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"count" integer NOT NULL,
	"total" bigint NOT NULL,
	"delivery" text NOT NULL,
	"partner_file_id" text,
	"sent_by" jsonb NOT NULL,
	"sent_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pad_files_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "pad_orders" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"direction" text NOT NULL,
	"unit_uuid" uuid,
	"supplier_uuid" uuid,
	"supplier_payment_uuid" uuid,
	"name" text NOT NULL,
	"amount" bigint NOT NULL,
	"due_date" date NOT NULL,
	"month" text,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"file_uuid" uuid,
	"transaction_uuid" uuid,
	"reversal_uuid" uuid,
	"fee_uuid" uuid,
	"return_code" text,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pad_orders_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "pad_settings" (
	"building_id" uuid PRIMARY KEY NOT NULL,
	"channel" text DEFAULT 'otonom' NOT NULL,
	"debit_amount" text DEFAULT 'monthlyFee' NOT NULL,
	"bank_uuid" uuid,
	"cpa005" jsonb,
	"next_file_number" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pad_agreements" ADD CONSTRAINT "pad_agreements_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_files" ADD CONSTRAINT "pad_files_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_orders" ADD CONSTRAINT "pad_orders_building_id_fiscal_year_fiscal_years_building_id_start_date_fk" FOREIGN KEY ("building_id","fiscal_year") REFERENCES "public"."fiscal_years"("building_id","start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_settings" ADD CONSTRAINT "pad_settings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pad_files_creation_number_idx" ON "pad_files" USING btree ("building_id","creation_number") WHERE "pad_files"."creation_number" is not null;--> statement-breakpoint
CREATE INDEX "pad_files_created_idx" ON "pad_files" USING btree ("building_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pad_orders_reference_idx" ON "pad_orders" USING btree ("building_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "pad_orders_month_idx" ON "pad_orders" USING btree ("building_id","unit_uuid","month") WHERE "pad_orders"."month" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pad_orders_payment_idx" ON "pad_orders" USING btree ("building_id","supplier_payment_uuid") WHERE "pad_orders"."supplier_payment_uuid" is not null;--> statement-breakpoint
CREATE INDEX "pad_orders_status_idx" ON "pad_orders" USING btree ("building_id","status","due_date");--> statement-breakpoint
CREATE INDEX "pad_orders_unit_idx" ON "pad_orders" USING btree ("building_id","unit_uuid","due_date");--> statement-breakpoint
CREATE INDEX "pad_orders_file_idx" ON "pad_orders" USING btree ("building_id","file_uuid");
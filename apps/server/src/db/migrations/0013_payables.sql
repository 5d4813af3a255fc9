CREATE TABLE "approval_rules" (
	"building_id" uuid PRIMARY KEY NOT NULL,
	"minimum_amount" bigint,
	"suppliers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_details" (
	"building_id" uuid NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_uuid" uuid NOT NULL,
	"ciphertext" text NOT NULL,
	"institution" text NOT NULL,
	"transit" text NOT NULL,
	"redacted_account" text NOT NULL,
	"holder_name" text NOT NULL,
	"updated_by" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_details_building_id_owner_kind_owner_uuid_pk" PRIMARY KEY("building_id","owner_kind","owner_uuid")
);
--> statement-breakpoint
CREATE TABLE "check_numbering" (
	"building_id" uuid NOT NULL,
	"bank_uuid" uuid NOT NULL,
	"next_number" integer NOT NULL,
	CONSTRAINT "check_numbering_building_id_bank_uuid_pk" PRIMARY KEY("building_id","bank_uuid")
);
--> statement-breakpoint
CREATE TABLE "invoice_billbacks" (
	"building_id" uuid NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"invoice_uuid" uuid NOT NULL,
	"unit_uuid" uuid NOT NULL,
	"rule" text NOT NULL,
	"amount" bigint NOT NULL,
	"date" date NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_billbacks_building_id_transaction_uuid_pk" PRIMARY KEY("building_id","transaction_uuid")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"building_id" uuid NOT NULL,
	"payment_uuid" uuid NOT NULL,
	"invoice_uuid" uuid NOT NULL,
	"credit_note" boolean NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_allocations_building_id_payment_uuid_invoice_uuid_pk" PRIMARY KEY("building_id","payment_uuid","invoice_uuid")
);
--> statement-breakpoint
CREATE TABLE "payment_decisions" (
	"building_id" uuid NOT NULL,
	"payment_uuid" uuid NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"decision" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_decisions_building_id_payment_uuid_user_id_pk" PRIMARY KEY("building_id","payment_uuid","user_id")
);
--> statement-breakpoint
CREATE TABLE "recurring_bills" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"supplier_uuid" uuid,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"billing_day" smallint NOT NULL,
	"payment_day" smallint,
	"category_uuid" uuid NOT NULL,
	"counterpart_uuid" uuid NOT NULL,
	"payment_method" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_bills_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "recurring_bill_postings" (
	"building_id" uuid NOT NULL,
	"bill_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"transaction_uuid" uuid,
	"payment_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_bill_postings_building_id_bill_uuid_month_kind_pk" PRIMARY KEY("building_id","bill_uuid","month","kind")
);
--> statement-breakpoint
CREATE TABLE "recurring_billing_days" (
	"building_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"days" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	CONSTRAINT "recurring_billing_days_building_id_holder_pk" PRIMARY KEY("building_id","holder")
);
--> statement-breakpoint
CREATE TABLE "supplier_invoices" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"supplier_uuid" uuid NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"due_date" date,
	"credit_note" boolean DEFAULT false NOT NULL,
	"lines" jsonb NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"total" bigint NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_invoices_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "supplier_payments" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"supplier_uuid" uuid NOT NULL,
	"bank_uuid" uuid NOT NULL,
	"date" date NOT NULL,
	"payment_method" text NOT NULL,
	"amount" bigint NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"approval_status" text NOT NULL,
	"approvals_required" smallint DEFAULT 0 NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transaction_uuid" uuid,
	"recurring_bill_uuid" uuid,
	"check_number" text,
	"check_printed_at" timestamp with time zone,
	"check_voided" jsonb,
	"cancelled" jsonb,
	"created_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_payments_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_building_id_fiscal_year_fiscal_years_building_id_start_date_fk" FOREIGN KEY ("building_id","fiscal_year") REFERENCES "public"."fiscal_years"("building_id","start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_building_id_fiscal_year_fiscal_years_building_id_start_date_fk" FOREIGN KEY ("building_id","fiscal_year") REFERENCES "public"."fiscal_years"("building_id","start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_billbacks_invoice_idx" ON "invoice_billbacks" USING btree ("building_id","invoice_uuid");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("building_id","invoice_uuid");--> statement-breakpoint
CREATE INDEX "payment_decisions_user_idx" ON "payment_decisions" USING btree ("building_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_invoices_number_idx" ON "supplier_invoices" USING btree ("building_id","supplier_uuid","number") WHERE not "supplier_invoices"."cancelled";--> statement-breakpoint
CREATE INDEX "supplier_invoices_date_idx" ON "supplier_invoices" USING btree ("building_id","fiscal_year","date");--> statement-breakpoint
CREATE INDEX "supplier_invoices_supplier_idx" ON "supplier_invoices" USING btree ("building_id","supplier_uuid","date");--> statement-breakpoint
CREATE INDEX "supplier_invoices_transaction_idx" ON "supplier_invoices" USING btree ("building_id","transaction_uuid");--> statement-breakpoint
CREATE INDEX "supplier_payments_date_idx" ON "supplier_payments" USING btree ("building_id","fiscal_year","date");--> statement-breakpoint
CREATE INDEX "supplier_payments_approval_idx" ON "supplier_payments" USING btree ("building_id","approval_status");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_payments_check_idx" ON "supplier_payments" USING btree ("building_id","bank_uuid","check_number") WHERE "supplier_payments"."check_number" is not null and "supplier_payments"."check_voided" is null;
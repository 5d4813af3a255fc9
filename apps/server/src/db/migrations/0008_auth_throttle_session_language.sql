CREATE TABLE "auth_mail_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_mail_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sign_in_failures_email_at_idx";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_mail_requests_address_at_idx" ON "auth_mail_requests" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "auth_mail_requests_email_at_idx" ON "auth_mail_requests" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_address_email_at_idx" ON "sign_in_failures" USING btree ("address","email","at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_address_at_idx" ON "sign_in_failures" USING btree ("address","at");
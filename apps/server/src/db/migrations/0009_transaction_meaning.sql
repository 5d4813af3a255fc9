CREATE TABLE "idempotent_requests" (
	"user_id" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotent_requests_user_id_route_key_pk" PRIMARY KEY("user_id","route","key")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "meaning" jsonb;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");
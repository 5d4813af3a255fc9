ALTER TABLE "jobs" ADD COLUMN "building_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "progress_done" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "progress_total" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_building_idx" ON "jobs" USING btree ("building_id");
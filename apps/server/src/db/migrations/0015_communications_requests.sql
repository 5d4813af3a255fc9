CREATE TABLE "group_post_templates" (
	"building_group_id" text NOT NULL,
	"uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"texts" jsonb NOT NULL,
	"send_email" boolean NOT NULL,
	"recipients" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_post_templates_building_group_id_uuid_pk" PRIMARY KEY("building_group_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"date" date NOT NULL,
	"texts" jsonb NOT NULL,
	"recipients" text[] NOT NULL,
	"send_email" boolean NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "post_deliveries" (
	"building_id" uuid NOT NULL,
	"post_uuid" uuid NOT NULL,
	"email" text NOT NULL,
	"attempt" integer NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_deliveries_building_id_post_uuid_email_attempt_pk" PRIMARY KEY("building_id","post_uuid","email","attempt")
);
--> statement-breakpoint
CREATE TABLE "post_recipients" (
	"building_id" uuid NOT NULL,
	"post_uuid" uuid NOT NULL,
	"email" text NOT NULL,
	"person_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"units" text[] NOT NULL,
	CONSTRAINT "post_recipients_building_id_post_uuid_email_pk" PRIMARY KEY("building_id","post_uuid","email")
);
--> statement-breakpoint
CREATE TABLE "post_templates" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"texts" jsonb NOT NULL,
	"send_email" boolean NOT NULL,
	"recipients" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_templates_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "automatic_communication_settings" (
	"building_id" uuid PRIMARY KEY NOT NULL,
	"enabled" text[] DEFAULT '{}' NOT NULL,
	"insurance_days_before" integer NOT NULL,
	"warranty_days_before" integer NOT NULL,
	"water_heater_life_years" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automatic_mails_sent" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"episode_key" text NOT NULL,
	"unit_uuid" uuid NOT NULL,
	"unit_number" text NOT NULL,
	"sent_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipients" text[] NOT NULL,
	CONSTRAINT "automatic_mails_sent_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "automatic_mail_templates" (
	"building_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automatic_mail_templates_building_id_kind_language_pk" PRIMARY KEY("building_id","kind","language")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"unit_uuid" uuid,
	"requester_id" text,
	"requester_name" text NOT NULL,
	"requester_email" text,
	"assignee_id" text,
	"tags" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	CONSTRAINT "requests_building_id_uuid_pk" PRIMARY KEY("building_id","uuid"),
	CONSTRAINT "requests_status_check" CHECK ("requests"."status" in ('open', 'underway', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "request_email_templates" (
	"building_id" uuid,
	"building_group_id" text,
	"uuid" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"tags" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_email_templates_scope_check" CHECK (("request_email_templates"."building_id" is null) <> ("request_email_templates"."building_group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "request_notes" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"request_uuid" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_notes_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "request_numbers" (
	"building_id" uuid PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_tags" (
	"building_id" uuid,
	"building_group_id" text,
	"uuid" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"default_handler_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_tags_scope_check" CHECK (("request_tags"."building_id" is null) <> ("request_tags"."building_group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "request_emails" (
	"building_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "request_emails_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"folder" text NOT NULL,
	"request_uuid" uuid,
	"from_address" text NOT NULL,
	"from_name" text,
	"internal_sent_by" text,
	"self" boolean DEFAULT false NOT NULL,
	"to" text[] DEFAULT '{}' NOT NULL,
	"cc" text[] DEFAULT '{}' NOT NULL,
	"subject" text NOT NULL,
	"preview" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"message_id" text,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}' NOT NULL,
	"outbox_id" uuid,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refused_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "request_emails_building_id_uuid_pk" PRIMARY KEY("building_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "request_email_reads" (
	"building_id" uuid NOT NULL,
	"email_uuid" uuid NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_email_reads_building_id_email_uuid_user_id_pk" PRIMARY KEY("building_id","email_uuid","user_id")
);
--> statement-breakpoint
CREATE TABLE "request_mail_threads" (
	"building_id" uuid NOT NULL,
	"request_uuid" uuid NOT NULL,
	"token" text NOT NULL,
	CONSTRAINT "request_mail_threads_building_id_request_uuid_token_pk" PRIMARY KEY("building_id","request_uuid","token")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "cc" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "references" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "group_post_templates" ADD CONSTRAINT "group_post_templates_building_group_id_building_groups_id_fk" FOREIGN KEY ("building_group_id") REFERENCES "public"."building_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_deliveries" ADD CONSTRAINT "post_deliveries_building_id_post_uuid_email_post_recipients_building_id_post_uuid_email_fk" FOREIGN KEY ("building_id","post_uuid","email") REFERENCES "public"."post_recipients"("building_id","post_uuid","email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_recipients" ADD CONSTRAINT "post_recipients_building_id_post_uuid_posts_building_id_uuid_fk" FOREIGN KEY ("building_id","post_uuid") REFERENCES "public"."posts"("building_id","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_templates" ADD CONSTRAINT "post_templates_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_communication_settings" ADD CONSTRAINT "automatic_communication_settings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_mails_sent" ADD CONSTRAINT "automatic_mails_sent_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_mail_templates" ADD CONSTRAINT "automatic_mail_templates_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_email_templates" ADD CONSTRAINT "request_email_templates_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_email_templates" ADD CONSTRAINT "request_email_templates_building_group_id_building_groups_id_fk" FOREIGN KEY ("building_group_id") REFERENCES "public"."building_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_notes" ADD CONSTRAINT "request_notes_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_numbers" ADD CONSTRAINT "request_numbers_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_tags" ADD CONSTRAINT "request_tags_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_tags" ADD CONSTRAINT "request_tags_building_group_id_building_groups_id_fk" FOREIGN KEY ("building_group_id") REFERENCES "public"."building_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_emails" ADD CONSTRAINT "request_emails_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_emails" ADD CONSTRAINT "request_emails_internal_sent_by_users_id_fk" FOREIGN KEY ("internal_sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_email_reads" ADD CONSTRAINT "request_email_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_email_reads" ADD CONSTRAINT "request_email_reads_building_id_email_uuid_request_emails_building_id_uuid_fk" FOREIGN KEY ("building_id","email_uuid") REFERENCES "public"."request_emails"("building_id","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_mail_threads" ADD CONSTRAINT "request_mail_threads_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_date_idx" ON "posts" USING btree ("building_id","date");--> statement-breakpoint
CREATE INDEX "post_recipients_email_idx" ON "post_recipients" USING btree ("building_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_mails_sent_episode" ON "automatic_mails_sent" USING btree ("building_id","episode_key");--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_mails_sent_order" ON "automatic_mails_sent" USING btree ("building_id","sent_on","uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_number_idx" ON "requests" USING btree ("building_id","number");--> statement-breakpoint
CREATE INDEX "requests_activity_idx" ON "requests" USING btree ("building_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "requests_requester_idx" ON "requests" USING btree ("building_id","requester_id");--> statement-breakpoint
CREATE INDEX "request_email_templates_building_idx" ON "request_email_templates" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "request_email_templates_group_idx" ON "request_email_templates" USING btree ("building_group_id");--> statement-breakpoint
CREATE INDEX "request_notes_request_idx" ON "request_notes" USING btree ("building_id","request_uuid","at");--> statement-breakpoint
CREATE INDEX "request_tags_building_idx" ON "request_tags" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "request_tags_group_idx" ON "request_tags" USING btree ("building_group_id");--> statement-breakpoint
CREATE INDEX "request_emails_folder_idx" ON "request_emails" USING btree ("building_id","folder","date");--> statement-breakpoint
CREATE INDEX "request_emails_request_idx" ON "request_emails" USING btree ("building_id","request_uuid","date");--> statement-breakpoint
CREATE INDEX "request_emails_message_id_idx" ON "request_emails" USING btree ("building_id","message_id");--> statement-breakpoint
CREATE INDEX "request_email_reads_user_idx" ON "request_email_reads" USING btree ("user_id","building_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_mail_threads_token_idx" ON "request_mail_threads" USING btree ("building_id","token");--> statement-breakpoint
CREATE INDEX "outbox_message_id_idx" ON "outbox" USING btree ("message_id");
CREATE TABLE "confirmed_addresses" (
	"owner_kind" varchar(8) NOT NULL,
	"owner_id" varchar(50) NOT NULL,
	"address" varchar(254) NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "confirmed_addresses_owner_kind_owner_id_address_pk" PRIMARY KEY("owner_kind","owner_id","address")
);
--> statement-breakpoint
CREATE TABLE "daily_runs" (
	"job" varchar(30) NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_runs_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
CREATE TABLE "mail_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"owner_kind" varchar(8) NOT NULL,
	"owner_id" varchar(50) NOT NULL,
	"address" varchar(254) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_unsubscribes" (
	"address" varchar(254) NOT NULL,
	"kind" varchar(30) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_unsubscribes_address_kind_pk" PRIMARY KEY("address","kind")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"to_address" varchar(254) NOT NULL,
	"student_id" varchar(20),
	"subject" varchar(200) NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_id" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_by" varchar(100),
	"claimed_until" timestamp with time zone,
	"last_error" varchar(500),
	"smtp_response" varchar(300),
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "email" varchar(254);--> statement-breakpoint
CREATE INDEX "mail_tokens_owner_idx" ON "mail_tokens" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "mail_tokens_expires_idx" ON "mail_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_student_idx" ON "outbox" USING btree ("student_id");
CREATE TABLE "student_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" varchar(50) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_checks" ADD COLUMN "status" varchar(10);--> statement-breakpoint
ALTER TABLE "document_checks" ADD COLUMN "reason" varchar(300);--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "withdrawn_reason" varchar(200);
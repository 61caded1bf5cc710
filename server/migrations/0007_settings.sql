CREATE TABLE "terms_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(50)
);
--> statement-breakpoint
ALTER TABLE "registration_windows" ADD COLUMN "note" varchar(200);--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "terms_version" integer;
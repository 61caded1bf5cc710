CREATE TABLE "class_moves" (
	"from_class_id" varchar(10) PRIMARY KEY NOT NULL,
	"to_class_id" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"student_id" varchar(20) NOT NULL,
	"year" smallint NOT NULL,
	"status" varchar(12) DEFAULT 'enrolled' NOT NULL,
	"status_note" varchar(100),
	"next_mark" varchar(12),
	"next_school" varchar(100),
	"next_class_id" varchar(10),
	"unchanged" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"returning" boolean DEFAULT false NOT NULL,
	"form_level" smallint,
	"class_id" varchar(10),
	"house_code" varchar(10),
	"steps" jsonb,
	"terms" jsonb,
	"record" jsonb,
	"documents" jsonb,
	CONSTRAINT "enrolments_student_id_year_pk" PRIMARY KEY("student_id","year")
);
--> statement-breakpoint
CREATE TABLE "school_years" (
	"year" smallint PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"state" varchar(8) DEFAULT 'current' NOT NULL,
	"opened_at" timestamp with time zone,
	"opened_by" varchar(50),
	"closed_at" timestamp with time zone,
	"closed_by" varchar(50),
	"rollover_audit_id" bigint
);
--> statement-breakpoint
DROP INDEX "uploaded_files_student_type_idx";--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "year" smallint;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_year_school_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."school_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolments_year_class_idx" ON "enrolments" USING btree ("year","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_years_one_current" ON "school_years" USING btree ((true)) WHERE "school_years"."state" = 'current';--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_student_type_idx" ON "uploaded_files" USING btree ("student_id","type") WHERE "uploaded_files"."year" IS NULL;
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
CREATE UNIQUE INDEX "uploaded_files_student_type_idx" ON "uploaded_files" USING btree ("student_id","type") WHERE "uploaded_files"."year" IS NULL;--> statement-breakpoint
-- The year in progress becomes the current year: today's academic year at the school (September starts one), or
-- the latest year a term was set up for when the school is already working ahead.
INSERT INTO "school_years" ("year", "starts_on", "ends_on", "state")
SELECT "y", make_date("y", 9, 1), make_date("y" + 1, 8, 31), 'current'
FROM (
	SELECT greatest(
		(SELECT CASE WHEN extract(month FROM "local") >= 9 THEN extract(year FROM "local") ELSE extract(year FROM "local") - 1 END
		 FROM (SELECT now() AT TIME ZONE 'America/Port_of_Spain' AS "local") AS "today"),
		(SELECT max("year") FROM "terms")
	)::int AS "y"
) AS "current";--> statement-breakpoint
INSERT INTO "enrolments" ("student_id", "year", "status")
SELECT "s"."id", "y"."year", CASE WHEN "s"."withdrawn_at" IS NOT NULL THEN 'withdrawn' ELSE 'enrolled' END
FROM "students" AS "s" CROSS JOIN "school_years" AS "y"
WHERE "y"."state" = 'current';--> statement-breakpoint
-- Every year's enrolments in one shape. In the current year the live tables are the truth (class, form, house,
-- and withdrawn_at, which a withdrawal or a reinstatement sets without touching the enrolment); a closed year
-- answers what was frozen into its rows.
CREATE VIEW "year_enrolments" AS
SELECT
	"e"."year",
	"e"."student_id",
	(CASE
		WHEN "y"."state" <> 'current' THEN "e"."status"
		WHEN "s"."withdrawn_at" IS NOT NULL THEN 'withdrawn'
		WHEN "e"."status" = 'withdrawn' THEN 'enrolled'
		ELSE "e"."status"
	END)::varchar(12) AS "status",
	"e"."status_note",
	"e"."next_mark",
	"e"."next_school",
	"e"."next_class_id",
	"e"."unchanged",
	"e"."returning",
	CASE WHEN "y"."state" = 'current' THEN "s"."class_id" ELSE "e"."class_id" END AS "class_id",
	CASE WHEN "y"."state" = 'current' THEN "fc"."form_level" ELSE "e"."form_level" END AS "form_level",
	CASE WHEN "y"."state" = 'current' THEN "s"."house_code" ELSE "e"."house_code" END AS "house_code",
	"y"."state" = 'current' AS "is_current"
FROM "enrolments" AS "e"
JOIN "school_years" AS "y" ON "y"."year" = "e"."year"
JOIN "students" AS "s" ON "s"."id" = "e"."student_id"
LEFT JOIN "form_classes" AS "fc" ON "fc"."class_id" = "s"."class_id";

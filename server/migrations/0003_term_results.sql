CREATE TABLE "form_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"form_level" smallint NOT NULL,
	"term_id" integer,
	"course_weight" smallint DEFAULT 30 NOT NULL,
	"exam_weight" smallint DEFAULT 70 NOT NULL,
	CONSTRAINT "form_subjects_key" UNIQUE NULLS NOT DISTINCT("subject_id","form_level","term_id")
);
--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "sessions_possible" smallint;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_subjects" ADD CONSTRAINT "form_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_subjects" ADD CONSTRAINT "form_subjects_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;
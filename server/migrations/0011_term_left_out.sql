CREATE TABLE "term_left_out" (
	"term_id" integer NOT NULL,
	"student_id" varchar(20) NOT NULL,
	CONSTRAINT "term_left_out_term_id_student_id_pk" PRIMARY KEY("term_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "left_out_recorded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "term_left_out" ADD CONSTRAINT "term_left_out_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_left_out" ADD CONSTRAINT "term_left_out_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;
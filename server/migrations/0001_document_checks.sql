CREATE TABLE "document_checks" (
	"student_id" varchar(20) NOT NULL,
	"type" varchar(30) NOT NULL,
	"received" smallint DEFAULT 0 NOT NULL,
	"checked_by" varchar(50),
	"checked_at" timestamp with time zone,
	CONSTRAINT "document_checks_student_id_type_pk" PRIMARY KEY("student_id","type")
);
--> statement-breakpoint
ALTER TABLE "document_checks" ADD CONSTRAINT "document_checks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;
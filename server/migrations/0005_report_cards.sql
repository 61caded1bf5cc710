CREATE TABLE "report_card_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"class_id" varchar(10) NOT NULL,
	"kind" varchar(4) NOT NULL,
	"status" varchar(10) DEFAULT 'running' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" varchar(300),
	"file_name" varchar(120),
	"file" "bytea",
	"created_by" varchar(50) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_card_reads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"student_id" varchar(20) NOT NULL,
	"term_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "report_card_jobs" ADD CONSTRAINT "report_card_jobs_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_reads" ADD CONSTRAINT "report_card_reads_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "report_card_reads" ADD CONSTRAINT "report_card_reads_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_card_jobs_term_idx" ON "report_card_jobs" USING btree ("term_id","created_at");--> statement-breakpoint
CREATE INDEX "report_card_reads_term_student_idx" ON "report_card_reads" USING btree ("term_id","student_id");
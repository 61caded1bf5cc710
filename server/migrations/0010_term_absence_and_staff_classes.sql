CREATE TABLE "staff_user_classes" (
	"staff_user_id" integer NOT NULL,
	"class_id" varchar(10) NOT NULL,
	CONSTRAINT "staff_user_classes_staff_user_id_class_id_pk" PRIMARY KEY("staff_user_id","class_id")
);
--> statement-breakpoint
ALTER TABLE "term_results" ADD COLUMN "course_absent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "term_results" ADD COLUMN "exam_absent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_user_classes" ADD CONSTRAINT "staff_user_classes_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_user_classes" ADD CONSTRAINT "staff_user_classes_class_id_form_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."form_classes"("class_id") ON DELETE cascade ON UPDATE cascade;
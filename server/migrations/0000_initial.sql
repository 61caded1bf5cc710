CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" varchar(10) NOT NULL,
	"actor_id" varchar(50),
	"action" varchar(40) NOT NULL,
	"student_id" varchar(20),
	"field" varchar(60),
	"old_value" text,
	"new_value" text,
	"ip" varchar(64),
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "ethnic_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_type" varchar(60) NOT NULL,
	CONSTRAINT "ethnic_groups_group_type_unique" UNIQUE("group_type")
);
--> statement-breakpoint
CREATE TABLE "form_classes" (
	"class_id" varchar(10) PRIMARY KEY NOT NULL,
	"form_level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "houses" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(120) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regional_corporations" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	CONSTRAINT "regional_corporations_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "registration_progress" (
	"student_id" varchar(20) PRIMARY KEY NOT NULL,
	"student_data" timestamp with time zone,
	"family_data" timestamp with time zone,
	"health_data" timestamp with time zone,
	"other_data" timestamp with time zone,
	"documents" timestamp with time zone,
	"submit" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registration_windows" (
	"form_level" smallint PRIMARY KEY NOT NULL,
	"open" smallint DEFAULT 0 NOT NULL,
	"deadline" date
);
--> statement-breakpoint
CREATE TABLE "religions" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"religion" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(128) PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"student_id" varchar(20),
	"staff_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(50) NOT NULL,
	"full_name" varchar(100) NOT NULL,
	"role" varchar(20) DEFAULT 'admin' NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "staff_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "student_accounts" (
	"student_id" varchar(20) PRIMARY KEY NOT NULL,
	"password_hash" text,
	"password_reset" smallint DEFAULT 1 NOT NULL,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" varchar(20) PRIMARY KEY NOT NULL,
	"class_id" varchar(10),
	"house_code" varchar(10),
	"entry_date" date,
	"first_name" varchar(20) NOT NULL,
	"last_name" varchar(20) NOT NULL,
	"middle_name" varchar(20),
	"sex" varchar(6),
	"date_of_birth" date,
	"place_of_birth" varchar(25),
	"nationality" varchar(25),
	"birth_cert_no" varchar(15),
	"sea_no" varchar(15),
	"previous_school" varchar(50),
	"religion_code" varchar(10),
	"ethnic_group_code" varchar(10),
	"blood_type" varchar(3),
	"home_address" varchar(100),
	"address_line_2" varchar(100),
	"regional_corporation" varchar(100),
	"phone_home" varchar(7),
	"email" varchar(50),
	"immigration_permit" smallint DEFAULT 0 NOT NULL,
	"immigration_issue_date" date,
	"immigration_expiry_date" date,
	"living_status" varchar(20),
	"mother_name" varchar(35),
	"marital_status_mother" varchar(10),
	"home_address_mother" varchar(255),
	"mother_occupation" varchar(35),
	"business_place_mother" varchar(50),
	"business_address_mother" varchar(50),
	"home_phone_mother" varchar(7),
	"business_phone_mother" varchar(7),
	"mobile_phone_mother" varchar(7),
	"email_mother" varchar(50),
	"id_card_mother" varchar(20),
	"father_name" varchar(35),
	"marital_status_father" varchar(10),
	"home_address_father" varchar(255),
	"father_occupation" varchar(35),
	"business_place_father" varchar(50),
	"business_address_father" varchar(50),
	"home_phone_father" varchar(7),
	"business_phone_father" varchar(7),
	"mobile_phone_father" varchar(7),
	"email_father" varchar(50),
	"id_card_father" varchar(20),
	"guardian_name" varchar(30),
	"marital_status_guardian" varchar(10),
	"home_address_guardian" varchar(255),
	"guardian_occupation" varchar(50),
	"guardian_business_place" varchar(50),
	"guardian_business_address" varchar(50),
	"home_phone_guardian" varchar(7),
	"business_phone_guardian" varchar(7),
	"mobile_phone_guardian" varchar(7),
	"email_guardian" varchar(50),
	"id_card_guardian" varchar(20),
	"no_in_family" smallint,
	"no_at_home" smallint,
	"place_in_family" smallint,
	"emergency_contact" varchar(50),
	"home_phone_emergency" varchar(7),
	"relative_in_school" varchar(50),
	"relation_to_child" varchar(50),
	"hepatitis" smallint DEFAULT 0 NOT NULL,
	"polio" smallint DEFAULT 0 NOT NULL,
	"diphtheria" smallint DEFAULT 0 NOT NULL,
	"tetanus" smallint DEFAULT 0 NOT NULL,
	"yellow_fever" smallint DEFAULT 0 NOT NULL,
	"measles" smallint DEFAULT 0 NOT NULL,
	"tb" smallint DEFAULT 0 NOT NULL,
	"chicken_pox" smallint DEFAULT 0 NOT NULL,
	"typhoid" smallint DEFAULT 0 NOT NULL,
	"rheumatic_fever" smallint DEFAULT 0 NOT NULL,
	"poor_eyesight" smallint DEFAULT 0 NOT NULL,
	"poor_hearing" smallint DEFAULT 0 NOT NULL,
	"diabetes" smallint DEFAULT 0 NOT NULL,
	"asthma" smallint DEFAULT 0 NOT NULL,
	"epilepsy" smallint DEFAULT 0 NOT NULL,
	"medical_history" varchar(1000),
	"other_illness" varchar(255),
	"allergy" varchar(255),
	"dyslexia" smallint DEFAULT 0 NOT NULL,
	"dyscalculia" smallint DEFAULT 0 NOT NULL,
	"dysgraphia" smallint DEFAULT 0 NOT NULL,
	"non_verbal" smallint DEFAULT 0 NOT NULL,
	"apraxia" smallint DEFAULT 0 NOT NULL,
	"attention_deficit" smallint DEFAULT 0 NOT NULL,
	"adhd" smallint DEFAULT 0 NOT NULL,
	"autism" smallint DEFAULT 0 NOT NULL,
	"cerebral_palsy" smallint DEFAULT 0 NOT NULL,
	"other" smallint DEFAULT 0 NOT NULL,
	"other_learning_disablity" varchar(255),
	"special_consideration" varchar(1000),
	"achievements" varchar(1000),
	"device_type" varchar(10),
	"internet_access" smallint DEFAULT 0 NOT NULL,
	"school_feeding" smallint DEFAULT 0 NOT NULL,
	"transport" smallint DEFAULT 0 NOT NULL,
	"agree_terms_conditions" smallint DEFAULT 0 NOT NULL,
	"terms_agreed_at" timestamp with time zone,
	"terms_agreed_ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"title" varchar(100) NOT NULL,
	CONSTRAINT "subjects_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "term_results" (
	"student_id" varchar(20) NOT NULL,
	"term_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"class_id" varchar(10),
	"course_mark" numeric(5, 1),
	"exam_mark" numeric(5, 1),
	"total" numeric(5, 1),
	"grade" varchar(2),
	"absences" smallint,
	"lateness" smallint,
	"application" varchar(20),
	"conduct" varchar(20),
	"teacher_remark" varchar(255),
	CONSTRAINT "term_results_student_id_term_id_subject_id_pk" PRIMARY KEY("student_id","term_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "term_summaries" (
	"student_id" varchar(20) NOT NULL,
	"term_id" integer NOT NULL,
	"class_id" varchar(10),
	"form_level" smallint,
	"sessions_present" smallint,
	"sessions_possible" smallint,
	"ratings" jsonb,
	"form_teacher_remark" varchar(500),
	"dean_remark" varchar(500),
	CONSTRAINT "term_summaries_student_id_term_id_pk" PRIMARY KEY("student_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"term" smallint NOT NULL,
	"start_date" date,
	"end_date" date,
	"next_term_start" date,
	"posted" smallint DEFAULT 0 NOT NULL,
	"date_posted" varchar(19)
);
--> statement-breakpoint
CREATE TABLE "towns" (
	"id" serial PRIMARY KEY NOT NULL,
	"town_name" varchar(100) NOT NULL,
	"island" varchar(10) DEFAULT 'Trinidad' NOT NULL,
	CONSTRAINT "towns_town_name_unique" UNIQUE("town_name")
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" varchar(20) NOT NULL,
	"type" varchar(30) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "registration_progress" ADD CONSTRAINT "registration_progress_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD CONSTRAINT "student_accounts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_class_id_form_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."form_classes"("class_id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_house_code_houses_id_fk" FOREIGN KEY ("house_code") REFERENCES "public"."houses"("id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "term_results" ADD CONSTRAINT "term_results_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "term_results" ADD CONSTRAINT "term_results_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_results" ADD CONSTRAINT "term_results_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_summaries" ADD CONSTRAINT "term_summaries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "term_summaries" ADD CONSTRAINT "term_summaries_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "audit_log_student_idx" ON "audit_log" USING btree ("student_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "login_failures_key_at_idx" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "sessions_student_idx" ON "sessions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "students_updated_at_idx" ON "students" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "students_class_idx" ON "students" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "students_name_dob_idx" ON "students" USING btree (lower("last_name"),lower("first_name"),"date_of_birth");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_year_term_idx" ON "terms" USING btree ("year","term");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_student_type_idx" ON "uploaded_files" USING btree ("student_id","type");
CREATE TABLE "family_codes" (
	"student_id" varchar(20) PRIMARY KEY NOT NULL,
	"code" varchar(9) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" varchar(50),
	CONSTRAINT "family_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "parent_links" (
	"parent_id" integer NOT NULL,
	"student_id" varchar(20) NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"how" varchar(10) NOT NULL,
	CONSTRAINT "parent_links_parent_id_student_id_pk" PRIMARY KEY("parent_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "parents" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(60) NOT NULL,
	"password_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "parents_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "family_codes" ADD CONSTRAINT "family_codes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "parent_links_student_idx" ON "parent_links" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "sessions_parent_idx" ON "sessions" USING btree ("parent_id");
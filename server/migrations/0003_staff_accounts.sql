CREATE TABLE "staff_sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	"outcome" varchar(30) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "password_reset" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sign_ins" ADD CONSTRAINT "staff_sign_ins_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_sign_ins_user_at_idx" ON "staff_sign_ins" USING btree ("staff_user_id","at");--> statement-breakpoint
CREATE INDEX "sessions_staff_user_idx" ON "sessions" USING btree ("staff_user_id");
CREATE INDEX "students_id_prefix_idx" ON "students" USING btree (lower("id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "students_last_name_prefix_idx" ON "students" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "students_first_name_prefix_idx" ON "students" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "students_birth_cert_prefix_idx" ON "students" USING btree (lower("birth_cert_no") text_pattern_ops);
DROP INDEX "term_results_term_idx";--> statement-breakpoint
CREATE INDEX "term_results_term_class_idx" ON "term_results" USING btree ("term_id","class_id");
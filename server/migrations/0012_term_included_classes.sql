ALTER TABLE "terms" ADD COLUMN "include_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "included_classes" varchar(10)[] DEFAULT '{}'::varchar[] NOT NULL;--> statement-breakpoint
CREATE INDEX "term_results_term_idx" ON "term_results" USING btree ("term_id");
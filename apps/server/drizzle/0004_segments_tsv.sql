DROP INDEX "segments_fts_idx";--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED;--> statement-breakpoint
CREATE INDEX "segments_tsv_idx" ON "segments" USING gin ("tsv");
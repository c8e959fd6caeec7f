-- Each segment carries its heading path (document › section › subsection, issue 31), indexed as a
-- field: its words go into the passage's tsvector with weight A (the content's have the default D),
-- first, so retrieval can read how often a query word is in the headings (ts_rank with weights
-- {0,0,0,1}) apart from how often it is in the passage.
ALTER TABLE "segments" ADD COLUMN "heading_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" DROP COLUMN "tsv";--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', heading_path), 'A') || to_tsvector('english', content)) STORED;--> statement-breakpoint
CREATE INDEX "segments_tsv_idx" ON "segments" USING gin ("tsv");

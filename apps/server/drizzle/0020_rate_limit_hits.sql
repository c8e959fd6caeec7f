-- Rate-limit counts shared by every server process on one PostgreSQL (lib/rateLimitStore.ts):
-- one row per limit and key, a fixed window. Unlogged: counts are not worth the write-ahead log.
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL DEFAULT 0,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limit_hits_reset_idx" ON "rate_limit_hits" ("reset_at");

-- Privacy, round 2 (issue 42, src/privacy): retention purges on the job runner, and the agents'
-- own privacy settings (versioned: agents/versions/fields.ts).

-- An agent's storage override (null: the organization's), its disclosure line (said or sent first
-- on voice, SMS, WhatsApp and e-mail; null: none) and whether a call asks the caller's consent to
-- be transcribed (a refusal stores nothing of the call).
ALTER TABLE "agents" ADD COLUMN IF NOT EXISTS "storage_mode" text
	CHECK ("storage_mode" IS NULL OR "storage_mode" IN ('full', 'redacted', 'metadata_only'));--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN IF NOT EXISTS "redact_categories" jsonb;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN IF NOT EXISTS "disclosure" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN IF NOT EXISTS "transcription_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A purge of an organization's data older than `cutoff`: the retention job's (trigger
-- 'retention', queued by the worker's sweep once per interval) or one asked for through
-- POST …/privacy/purge ('request'). The rows are the job runner's queue (claimed with SKIP
-- LOCKED and a lease on `locked_at`); each batch adds what it removed to `removed` in the same
-- transaction, so a purge taken over after a crash goes on where it stopped and counts once.
CREATE TABLE IF NOT EXISTS "privacy_purges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"trigger" text NOT NULL CHECK ("trigger" IN ('retention', 'request')),
	"cutoff" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
	"removed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"requested_by" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
-- One retention purge of an organization waits or runs at a time, whichever process queues it.
CREATE UNIQUE INDEX IF NOT EXISTS "privacy_purges_retention_uq" ON "privacy_purges" ("organization_id")
	WHERE "trigger" = 'retention' AND "status" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "privacy_purges_org_created_idx" ON "privacy_purges" ("organization_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "privacy_purges_status_idx" ON "privacy_purges" ("status");--> statement-breakpoint
-- A row trigger, not a statement one: the sweep's INSERT … SELECT that queues nothing must not
-- notify (every worker's wake runs a sweep again: a statement trigger would loop for ever).
CREATE TRIGGER "privacy_purges_notify" AFTER INSERT ON "privacy_purges"
	FOR EACH ROW EXECUTE FUNCTION parley_jobs_notify();--> statement-breakpoint
-- What a purge looks for: an organization's conversations by last activity, its mail sends by age.
CREATE INDEX IF NOT EXISTS "conversations_org_updated_idx" ON "conversations" ("organization_id", "updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_sends_org_created_idx" ON "mail_sends" ("organization_id", "created_at");

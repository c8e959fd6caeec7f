-- Privacy (issue 42, src/privacy and src/audit): an organization's storage mode, retention and
-- redaction settings, and the append-only, hash-chained audit log.

-- What is stored of conversations' text (full | redacted | metadata_only), how long (null: kept),
-- which kinds of personal data redaction replaces, and the country of phone numbers written
-- without their country code (null: the organization's numbers', else US). Read through the
-- tenant cache: a change NOTIFYs every server process ('o:' + organization).
CREATE TABLE IF NOT EXISTS "privacy_settings" (
	"organization_id" text PRIMARY KEY NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"storage_mode" text DEFAULT 'full' NOT NULL
		CHECK ("storage_mode" IN ('full', 'redacted', 'metadata_only')),
	"retention_days" integer CHECK ("retention_days" IS NULL OR "retention_days" BETWEEN 1 AND 36500),
	"redact_categories" jsonb DEFAULT '["card","phone","email","iban","ssn","ip"]'::jsonb NOT NULL,
	"phone_region" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parley_privacy_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('parley_cache', 'o:' || OLD.organization_id);
  ELSE
    PERFORM pg_notify('parley_cache', 'o:' || NEW.organization_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER privacy_settings_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "privacy_settings"
  FOR EACH ROW EXECUTE FUNCTION parley_privacy_notify();
--> statement-breakpoint
-- The audit log: one chain per organization. Each entry's hash is SHA-256 of the previous entry's
-- hash and the entry's canonical JSON (src/audit/chain.ts); writers of one organization take a
-- transaction-scoped advisory lock, so `seq` has no gaps and no two entries share a predecessor.
-- No foreign key: the log outlives what it names (an erased person, a deleted agent or
-- organization), and retention never deletes it.
CREATE TABLE IF NOT EXISTS "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "audit_log_org_seq_uq" ON "audit_log" ("organization_id", "seq");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_org_action_idx" ON "audit_log" ("organization_id", "action", "seq");
--> statement-breakpoint
-- Append-only: the database refuses to change or remove an entry, whoever asks (the server has no
-- code that would; this stops a mistaken query, a retention job or a tenant-facing bug).
CREATE OR REPLACE FUNCTION parley_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION parley_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_audit_append_only();
--> statement-breakpoint
-- An inbound message the agent answers later (SMS, WhatsApp, e-mail) is stored as the storage
-- mode says; the words as written wait here for the reply worker's model call and are cleared
-- once the answer is generated (privacy/storage.ts: the model reads the words as written).
ALTER TABLE "message_replies" ADD COLUMN IF NOT EXISTS "query_text" text;

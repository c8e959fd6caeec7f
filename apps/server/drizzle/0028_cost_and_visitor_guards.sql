-- Issue 37. Agent test runs record the model calls they were estimated to make: the organization's
-- test budget (PARLEY_TEST_RUN_BUDGET, docs/agent-tests.md) counts them over a rolling 24 hours.
ALTER TABLE "agent_test_runs" ADD COLUMN IF NOT EXISTS "model_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agent_test_runs_org_created_idx" ON "agent_test_runs" ("organization_id", "created_at");--> statement-breakpoint
-- 'Let visitors receive e-mails/texts' (docs/tools.md): off, a web visitor's conversation cannot
-- make the agent's send tools write to an address the visitor names.
ALTER TABLE "agents" ADD COLUMN IF NOT EXISTS "visitor_sends" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Each send a web visitor's conversation made (send_email, send_sms, send_whatsapp): the
-- per-conversation, per-visitor and per-organization limits read these rows.
CREATE TABLE IF NOT EXISTS "visitor_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"agent_name" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visitor_sends_org_created_idx" ON "visitor_sends" ("organization_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visitor_sends_conversation_idx" ON "visitor_sends" ("conversation_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visitor_sends_visitor_idx" ON "visitor_sends" ("organization_id", "agent_name", "visitor", "created_at");--> statement-breakpoint
-- A member removed from an organization (removed, left, or the organization deleted) is told to
-- every server process at once on the inbox's NOTIFY channel (conversations/live.ts): their open
-- inbox streams close then, whoever removed them and through whichever route.
CREATE FUNCTION parley_member_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('parley_conversations',
		json_build_object('c', '', 'o', OLD.organization_id, 'k', 'member_removed', 'u', OLD.user_id)::text);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_removed_notify" AFTER DELETE ON "member"
	FOR EACH ROW EXECUTE FUNCTION parley_member_removed();

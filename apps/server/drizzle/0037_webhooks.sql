-- Issue 40: when a conversation ends, and events told to the organization's own systems
-- (docs/webhooks.md). Three parts:
--   1. the conversation lifecycle: `last_message_at` kept by a trigger on every message insert
--      (any writer), an ended message-channel conversation reopened by its next message; the
--      idle end is a job of the runner (conversations/lifecycle.ts) over the partial index below;
--   2. webhooks, the outbox of events (`outbound_events`, id = the Standard Webhooks
--      `webhook-id`) and its deliveries (the job rows of the delivery queue: webhooks/queue.ts);
--   3. the events themselves, written by `parley_emit_event` in the transaction of their cause:
--      the row changes below announce themselves by triggers (conversations, calls, takeovers,
--      scheduled calls, campaigns, opt-outs, test runs: every writer, now and later), the
--      server's code through events/emit.ts (handoff, publish, analysis). An event is stored only
--      when a webhook of the organization wants it; it is fanned out to each such webhook at once.

-- ---------- 1. conversation lifecycle ----------
ALTER TABLE "conversations" ADD COLUMN IF NOT EXISTS "last_message_at" timestamp with time zone;--> statement-breakpoint
UPDATE "conversations" c SET "last_message_at" = coalesce(
	(SELECT max(m."created_at") FROM "messages" m WHERE m."conversation_id" = c."id"),
	c."updated_at", c."created_at");--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "last_message_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "last_message_at" SET NOT NULL;--> statement-breakpoint
-- The idle end's scan: open message-channel conversations, the longest quiet first.
CREATE INDEX IF NOT EXISTS "conversations_idle_idx" ON "conversations" ("last_message_at")
	WHERE "ended_at" IS NULL AND "channel" <> 'voice';--> statement-breakpoint

-- ---------- 2. webhooks, events, deliveries ----------
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"agent_names" text[],
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhooks_org_idx" ON "webhooks" ("organization_id", "created_at");--> statement-breakpoint
CREATE TABLE "outbound_events" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"conversation_id" uuid,
	"agent_name" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbound_events_org_idx" ON "outbound_events" ("organization_id", "created_at");--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"webhook_id" uuid NOT NULL REFERENCES "webhooks"("id") ON DELETE cascade,
	"event_id" text NOT NULL REFERENCES "outbound_events"("id") ON DELETE cascade,
	"organization_id" text NOT NULL,
	"conversation_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"last_response" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
-- The claim's scan (due, not claimed) and the order inside one conversation of one webhook.
CREATE INDEX IF NOT EXISTS "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at")
	WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_order_idx" ON "webhook_deliveries" ("webhook_id", "conversation_id", "seq")
	WHERE "status" = 'pending';--> statement-breakpoint
-- The delivery log of one webhook, newest first.
CREATE INDEX IF NOT EXISTS "webhook_deliveries_log_idx" ON "webhook_deliveries" ("webhook_id", "seq" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_event_idx" ON "webhook_deliveries" ("event_id");--> statement-breakpoint
-- A new delivery wakes the delivery worker of every process (drizzle/0033).
CREATE TRIGGER "webhook_deliveries_notify" AFTER INSERT ON "webhook_deliveries"
	FOR EACH STATEMENT EXECUTE FUNCTION parley_jobs_notify();--> statement-breakpoint

-- ---------- 3. events ----------
-- Writes the event (the outbox) and a pending delivery to each enabled webhook of the
-- organization that subscribed to its type (or to '*') and, when it names agents, to its agent.
-- Nothing is stored when none does. Returns the event's id (its webhook-id), or null.
CREATE OR REPLACE FUNCTION parley_emit_event(p_org text, p_type text, p_conversation uuid,
	p_agent text, p_data jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	v_id text;
BEGIN
	IF p_org IS NULL OR NOT EXISTS (SELECT 1 FROM webhooks w
		WHERE w.organization_id = p_org AND w.enabled
			AND (p_type = ANY (w.events) OR '*' = ANY (w.events))
			AND (w.agent_names IS NULL OR p_agent = ANY (w.agent_names))) THEN
		RETURN NULL;
	END IF;
	v_id := 'msg_' || replace(gen_random_uuid()::text, '-', '');
	INSERT INTO outbound_events (id, organization_id, type, conversation_id, agent_name, data)
		VALUES (v_id, p_org, p_type, p_conversation, p_agent, p_data);
	INSERT INTO webhook_deliveries (webhook_id, event_id, organization_id, conversation_id)
		SELECT w.id, v_id, p_org, p_conversation FROM webhooks w
		WHERE w.organization_id = p_org AND w.enabled
			AND (p_type = ANY (w.events) OR '*' = ANY (w.events))
			AND (w.agent_names IS NULL OR p_agent = ANY (w.agent_names))
		ORDER BY w.created_at, w.id;
	RETURN v_id;
END $$;--> statement-breakpoint

-- What every conversation and call event says of its conversation. `agent_version` is read from
-- the row as JSON, so it is null where the column does not exist (issue 39 adds it).
CREATE OR REPLACE FUNCTION parley_conversation_data(c conversations) RETURNS jsonb LANGUAGE sql AS $$
	SELECT jsonb_build_object(
		'conversation_id', c.id,
		'agent_name', c.agent_name,
		'agent_version', to_jsonb(c) ->> 'agent_version',
		'channel', c.channel,
		'contact', c.end_user,
		'agent_address', c.agent_address,
		'started_at', c.created_at,
		'last_message_at', c.last_message_at)
$$;--> statement-breakpoint

-- What a call event adds: its transport, numbers and (at the end) its length.
CREATE OR REPLACE FUNCTION parley_call_data(c conversations) RETURNS jsonb LANGUAGE sql AS $$
	SELECT parley_conversation_data(c) || jsonb_build_object(
		'call_id', c.id,
		'transport', c.metadata ->> 'transport',
		'from', c.metadata ->> 'from',
		'to', c.metadata ->> 'to')
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION parley_conversation_started() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM parley_emit_event(NEW.organization_id, 'conversation.started', NEW.id, NEW.agent_name,
		parley_conversation_data(NEW));
	IF NEW.channel = 'voice' THEN
		PERFORM parley_emit_event(NEW.organization_id, 'call.started', NEW.id, NEW.agent_name,
			parley_call_data(NEW));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_started_event" AFTER INSERT ON "conversations"
	FOR EACH ROW EXECUTE FUNCTION parley_conversation_started();--> statement-breakpoint

-- Ended (a call hung up, the idle end, a member closed it) or reopened (a later message).
CREATE OR REPLACE FUNCTION parley_conversation_lifecycle() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_end jsonb;
BEGIN
	IF OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL THEN
		v_end := jsonb_build_object('ended_at', NEW.ended_at, 'ended_by', NEW.ended_by,
			'end_reason', NEW.end_reason);
		PERFORM parley_emit_event(NEW.organization_id, 'conversation.ended', NEW.id, NEW.agent_name,
			parley_conversation_data(NEW) || v_end);
		IF NEW.channel = 'voice' THEN
			PERFORM parley_emit_event(NEW.organization_id, 'call.ended', NEW.id, NEW.agent_name,
				parley_call_data(NEW) || v_end || jsonb_build_object('duration_seconds',
					greatest(0, round(extract(epoch FROM (NEW.ended_at - NEW.created_at)))::int)));
		END IF;
	ELSIF OLD.ended_at IS NOT NULL AND NEW.ended_at IS NULL THEN
		PERFORM parley_emit_event(NEW.organization_id, 'conversation.reopened', NEW.id,
			NEW.agent_name, parley_conversation_data(NEW) || jsonb_build_object(
				'ended_at', OLD.ended_at, 'ended_by', OLD.ended_by, 'reopened_at', NEW.last_message_at));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_lifecycle_event" AFTER UPDATE OF "ended_at" ON "conversations"
	FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at)
	EXECUTE FUNCTION parley_conversation_lifecycle();--> statement-breakpoint

-- Every message (any writer, any author) is the conversation's activity; one into an ended
-- chat, SMS, WhatsApp or e-mail conversation reopens it (a call's stays ended: a call that hung
-- up is over, a late transcript line does not bring it back).
CREATE OR REPLACE FUNCTION parley_conversation_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE conversations c SET
		last_message_at = greatest(c.last_message_at, a.at),
		ended_at = CASE WHEN c.channel = 'voice' THEN c.ended_at END,
		ended_by = CASE WHEN c.channel = 'voice' THEN c.ended_by END,
		end_reason = CASE WHEN c.channel = 'voice' THEN c.end_reason END
	FROM (SELECT conversation_id, max(created_at) AS at FROM added GROUP BY conversation_id) a
	WHERE c.id = a.conversation_id
		AND (c.last_message_at < a.at OR (c.ended_at IS NOT NULL AND c.channel <> 'voice'));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_conversation_activity" AFTER INSERT ON "messages"
	REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION parley_conversation_activity();--> statement-breakpoint

-- A member takes a conversation over or hands it back (conversations/takeover.ts).
CREATE OR REPLACE FUNCTION parley_takeover_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	c conversations;
BEGIN
	IF NEW.kind NOT IN ('takeover', 'release') THEN RETURN NULL; END IF;
	SELECT * INTO c FROM conversations WHERE id = NEW.conversation_id;
	IF NOT FOUND THEN RETURN NULL; END IF;
	PERFORM parley_emit_event(NEW.organization_id,
		CASE NEW.kind WHEN 'takeover' THEN 'takeover.started' ELSE 'takeover.released' END,
		NEW.conversation_id, c.agent_name,
		parley_conversation_data(c) || jsonb_build_object(
			'member', jsonb_build_object('user_id', NEW.user_id, 'name', NEW.user_name),
			'at', NEW.created_at));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_events_webhook_event" AFTER INSERT ON "conversation_events"
	FOR EACH ROW EXECUTE FUNCTION parley_takeover_event();--> statement-breakpoint

-- A scheduled call's final state: completed (someone answered) or failed (retries used up, or
-- refused before dialling).
CREATE OR REPLACE FUNCTION parley_scheduled_call_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_last jsonb := NEW.attempts -> -1;
BEGIN
	PERFORM parley_emit_event(NEW.organization_id, 'scheduled_call.' || NEW.status,
		CASE WHEN (v_last ->> 'conversation_id') ~ '^[0-9a-f-]{36}$'
			THEN (v_last ->> 'conversation_id')::uuid END,
		NEW.agent_name, jsonb_build_object(
			'scheduled_call_id', NEW.id,
			'agent_name', NEW.agent_name,
			'contact', NEW.recipient_phone,
			'channel', 'voice',
			'call_type', NEW.call_type,
			'scheduled_time', NEW.scheduled_time,
			'status', NEW.status,
			'reason', NEW.status_reason,
			'attempts', jsonb_array_length(NEW.attempts),
			'outcome', v_last ->> 'outcome',
			'conversation_id', v_last ->> 'conversation_id'));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "scheduled_events_webhook_event" AFTER UPDATE OF "status" ON "scheduled_events"
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('completed', 'failed'))
	EXECUTE FUNCTION parley_scheduled_call_event();--> statement-breakpoint

-- A mail campaign sent its last mail.
CREATE OR REPLACE FUNCTION parley_campaign_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM parley_emit_event(NEW.organization_id, 'campaign.completed', NULL, NULL,
		jsonb_build_object(
			'campaign_id', NEW.id,
			'name', NEW.name,
			'channel', 'email',
			'mailbox', (SELECT b.email_address FROM mailboxes b WHERE b.id = NEW.mailbox_id),
			'total', NEW.total,
			'sent', (SELECT count(*) FROM mail_sends s WHERE s.campaign_id = NEW.id AND s.status = 'sent'),
			'failed', (SELECT count(*) FROM mail_sends s WHERE s.campaign_id = NEW.id AND s.status = 'failed'),
			'skipped', NEW.skipped,
			'completed_at', NEW.updated_at));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mail_campaigns_webhook_event" AFTER UPDATE OF "status" ON "mail_campaigns"
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status = 'completed')
	EXECUTE FUNCTION parley_campaign_event();--> statement-breakpoint

-- A person opted out: STOP on SMS or WhatsApp, or a campaign's unsubscribe link.
CREATE OR REPLACE FUNCTION parley_opt_out_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'messaging_opt_outs' THEN
		PERFORM parley_emit_event(NEW.organization_id, 'contact.opted_out', NULL, NULL,
			jsonb_build_object('channel', NEW.channel, 'contact', NEW.end_user,
				'agent_address', NEW.our_number, 'keyword', NEW.keyword, 'at', NEW.created_at));
	ELSIF NEW.reason = 'unsubscribed' THEN
		PERFORM parley_emit_event(NEW.organization_id, 'contact.opted_out', NULL, NULL,
			jsonb_build_object('channel', 'email', 'contact', NEW.email_address,
				'campaign_id', NEW.campaign_id, 'at', NEW.created_at));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messaging_opt_outs_webhook_event" AFTER INSERT ON "messaging_opt_outs"
	FOR EACH ROW EXECUTE FUNCTION parley_opt_out_event();--> statement-breakpoint
CREATE TRIGGER "mail_suppressions_webhook_event" AFTER INSERT ON "mail_suppressions"
	FOR EACH ROW EXECUTE FUNCTION parley_opt_out_event();--> statement-breakpoint

-- An agent test run finished (passed, failed, or error).
CREATE OR REPLACE FUNCTION parley_test_run_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM parley_emit_event(NEW.organization_id, 'test_run.completed', NULL, NEW.agent_name,
		jsonb_build_object(
			'test_run_id', NEW.id,
			'agent_name', NEW.agent_name,
			'agent_version', to_jsonb(NEW) ->> 'agent_version',
			'status', NEW.status,
			'trigger', NEW.trigger,
			'total', NEW.total,
			'passed', (SELECT count(*) FROM jsonb_array_elements(NEW.results) r
				WHERE (r ->> 'passed')::boolean),
			'error', NEW.error,
			'finished_at', coalesce(NEW.finished_at, now())));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "agent_test_runs_webhook_event" AFTER UPDATE OF "status" ON "agent_test_runs"
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('passed', 'failed', 'error'))
	EXECUTE FUNCTION parley_test_run_event();

-- Issue 29 item 4: the agents' analytics from a rollup kept by the same transaction that writes
-- the messages (triggers on messages and conversations, so every writer — the runtime's turn
-- writer, SMS/WhatsApp, e-mail, calls, members' replies, and any later one — keeps it), read
-- through narrow indexes instead of every message of the period.
--
-- analytics_hours: one row per conversation and UTC hour with messages: the messages, the
-- agent's answers and those without error (distinct conversations per bucket stay exact).
CREATE TABLE "analytics_hours" (
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"hour" timestamp with time zone NOT NULL,
	"agent_name" text,
	"channel" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"agent_answers" integer DEFAULT 0 NOT NULL,
	"answered_ok" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hours_pk" PRIMARY KEY ("conversation_id", "hour")
);--> statement-breakpoint
CREATE INDEX "analytics_hours_agent_idx" ON "analytics_hours" ("agent_name", "hour")
	INCLUDE ("channel", "conversation_id", "messages", "agent_answers", "answered_ok");--> statement-breakpoint
-- analytics_turns: one row per message with a figure (model time to first token, a call turn's
-- end of speech → first audio) or an agent answer that did not answer (error, offline responder,
-- no passage): the exact p50/p95 and the unanswered questions come from these narrow rows.
CREATE TABLE "analytics_turns" (
	"message_id" uuid PRIMARY KEY NOT NULL REFERENCES "messages"("id") ON DELETE cascade,
	"conversation_id" uuid NOT NULL,
	"agent_name" text,
	"channel" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ttft_ms" double precision,
	"voice_ms" double precision,
	"unanswered" text
);--> statement-breakpoint
CREATE INDEX "analytics_turns_agent_idx" ON "analytics_turns" ("agent_name", "at")
	INCLUDE ("ttft_ms", "voice_ms");--> statement-breakpoint
CREATE INDEX "analytics_turns_unanswered_idx" ON "analytics_turns" ("agent_name", "at")
	WHERE "unanswered" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_turns_failed_idx" ON "analytics_turns" ("agent_name", "at")
	WHERE "unanswered" <> 'no_passages';--> statement-breakpoint
CREATE INDEX "analytics_turns_conversation_idx" ON "analytics_turns" ("conversation_id");--> statement-breakpoint
-- The calls of a period: an agent's voice conversations by start.
CREATE INDEX "conversations_agent_channel_created_idx" ON "conversations" ("agent_name", "channel", "created_at");--> statement-breakpoint
-- The UTC hour of a time (independent of the session's time zone).
CREATE FUNCTION parley_analytics_hour(t timestamptz) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT date_trunc('hour', t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;--> statement-breakpoint
-- A numeric figure of a message's metadata, or null (a non-number never fails a write).
CREATE FUNCTION parley_analytics_ms(meta jsonb, key text) RETURNS double precision
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE WHEN jsonb_typeof(meta -> key) = 'number' THEN (meta ->> key)::float8 END $$;--> statement-breakpoint
-- Why an agent's answer did not answer: error, offline (the offline responder), no_passages
-- (retrieval gave none; counted only for agents with knowledge bases), or null.
CREATE FUNCTION parley_analytics_unanswered(role text, author text, error text, offline boolean, meta jsonb)
	RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE
		WHEN role <> 'assistant' OR coalesce(author, 'agent') <> 'agent'
			OR coalesce(meta ->> 'kind', 'answer') <> 'answer' THEN NULL
		WHEN error IS NOT NULL THEN 'error'
		WHEN offline THEN 'offline'
		WHEN meta ->> 'retrieved' = '0' THEN 'no_passages' END $$;--> statement-breakpoint
-- Keeps the rollup for one message row: the old row's share out, the new row's in.
CREATE FUNCTION parley_analytics_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	conv record;
	answer boolean;
	ttft double precision;
	voice double precision;
	why text;
	recount boolean := TG_OP = 'INSERT';
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		IF TG_OP = 'DELETE' OR OLD.conversation_id IS DISTINCT FROM NEW.conversation_id
			OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.role IS DISTINCT FROM NEW.role
			OR OLD.author IS DISTINCT FROM NEW.author OR OLD.error IS DISTINCT FROM NEW.error THEN
			answer := OLD.role = 'assistant' AND coalesce(OLD.author, 'agent') = 'agent';
			UPDATE analytics_hours SET messages = messages - 1,
				agent_answers = agent_answers - answer::int,
				answered_ok = answered_ok - (answer AND OLD.error IS NULL)::int
			WHERE conversation_id = OLD.conversation_id AND hour = parley_analytics_hour(OLD.created_at);
			DELETE FROM analytics_hours WHERE conversation_id = OLD.conversation_id
				AND hour = parley_analytics_hour(OLD.created_at) AND messages <= 0;
			recount := true;
		END IF;
		-- Otherwise only figures changed (metadata, offline): the counts stay.
		IF TG_OP = 'DELETE' THEN
			DELETE FROM analytics_turns WHERE message_id = OLD.id;
			RETURN NULL;
		END IF;
	END IF;
	SELECT c.agent_name, c.channel INTO conv FROM conversations c WHERE c.id = NEW.conversation_id;
	answer := NEW.role = 'assistant' AND coalesce(NEW.author, 'agent') = 'agent';
	IF recount THEN
		INSERT INTO analytics_hours AS h (conversation_id, hour, agent_name, channel, messages, agent_answers, answered_ok)
		VALUES (NEW.conversation_id, parley_analytics_hour(NEW.created_at), conv.agent_name, conv.channel,
			1, answer::int, (answer AND NEW.error IS NULL)::int)
		ON CONFLICT (conversation_id, hour) DO UPDATE SET messages = h.messages + 1,
			agent_answers = h.agent_answers + EXCLUDED.agent_answers,
			answered_ok = h.answered_ok + EXCLUDED.answered_ok;
	END IF;
	ttft := parley_analytics_ms(NEW.metadata, 'llm_ttft_ms');
	voice := CASE WHEN conv.channel = 'voice' THEN parley_analytics_ms(NEW.metadata, 'latency_ms') END;
	why := parley_analytics_unanswered(NEW.role, NEW.author, NEW.error, NEW.offline, NEW.metadata);
	IF ttft IS NOT NULL OR voice IS NOT NULL OR why IS NOT NULL THEN
		INSERT INTO analytics_turns AS t (message_id, conversation_id, agent_name, channel, at, ttft_ms, voice_ms, unanswered)
		VALUES (NEW.id, NEW.conversation_id, conv.agent_name, conv.channel, NEW.created_at, ttft, voice, why)
		ON CONFLICT (message_id) DO UPDATE SET conversation_id = EXCLUDED.conversation_id,
			at = EXCLUDED.at, ttft_ms = EXCLUDED.ttft_ms, voice_ms = EXCLUDED.voice_ms,
			unanswered = EXCLUDED.unanswered;
	ELSIF TG_OP = 'UPDATE' THEN
		DELETE FROM analytics_turns WHERE message_id = NEW.id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_analytics" AFTER INSERT OR DELETE ON "messages"
	FOR EACH ROW EXECUTE FUNCTION parley_analytics_message();--> statement-breakpoint
CREATE TRIGGER "messages_analytics_update" AFTER UPDATE ON "messages" FOR EACH ROW
	WHEN (OLD.conversation_id IS DISTINCT FROM NEW.conversation_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
		OR OLD.role IS DISTINCT FROM NEW.role OR OLD.author IS DISTINCT FROM NEW.author
		OR OLD.error IS DISTINCT FROM NEW.error OR OLD.offline IS DISTINCT FROM NEW.offline
		OR OLD.metadata IS DISTINCT FROM NEW.metadata)
	EXECUTE FUNCTION parley_analytics_message();--> statement-breakpoint
-- A conversation given to another agent (an e-mail thread assigned or unassigned) moves its rows.
CREATE FUNCTION parley_analytics_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE analytics_hours SET agent_name = NEW.agent_name, channel = NEW.channel
		WHERE conversation_id = NEW.id;
	UPDATE analytics_turns SET agent_name = NEW.agent_name, channel = NEW.channel,
		voice_ms = CASE WHEN NEW.channel = 'voice' THEN voice_ms END
		WHERE conversation_id = NEW.id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_analytics" AFTER UPDATE ON "conversations" FOR EACH ROW
	WHEN (OLD.agent_name IS DISTINCT FROM NEW.agent_name OR OLD.channel IS DISTINCT FROM NEW.channel)
	EXECUTE FUNCTION parley_analytics_conversation();--> statement-breakpoint
-- Rebuilds the rollup from the stored messages (the backfill below; the benchmark after a bulk
-- seed written with the triggers disabled).
CREATE FUNCTION parley_analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM analytics_hours;
	DELETE FROM analytics_turns;
	INSERT INTO analytics_hours (conversation_id, hour, agent_name, channel, messages, agent_answers, answered_ok)
	SELECT m.conversation_id, parley_analytics_hour(m.created_at), c.agent_name, c.channel, count(*),
		count(*) FILTER (WHERE m.role = 'assistant' AND coalesce(m.author, 'agent') = 'agent'),
		count(*) FILTER (WHERE m.role = 'assistant' AND coalesce(m.author, 'agent') = 'agent' AND m.error IS NULL)
	FROM messages m JOIN conversations c ON c.id = m.conversation_id
	GROUP BY m.conversation_id, parley_analytics_hour(m.created_at), c.agent_name, c.channel;
	INSERT INTO analytics_turns (message_id, conversation_id, agent_name, channel, at, ttft_ms, voice_ms, unanswered)
	SELECT * FROM (
		SELECT m.id, m.conversation_id, c.agent_name, c.channel, m.created_at,
			parley_analytics_ms(m.metadata, 'llm_ttft_ms') AS ttft,
			CASE WHEN c.channel = 'voice' THEN parley_analytics_ms(m.metadata, 'latency_ms') END AS voice,
			parley_analytics_unanswered(m.role, m.author, m.error, m.offline, m.metadata) AS why
		FROM messages m JOIN conversations c ON c.id = m.conversation_id) r
	WHERE r.ttft IS NOT NULL OR r.voice IS NOT NULL OR r.why IS NOT NULL;
END $$;--> statement-breakpoint
SELECT parley_analytics_rebuild();

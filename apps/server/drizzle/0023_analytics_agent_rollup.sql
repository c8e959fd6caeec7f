-- Issue 29 (the analytics' speed): per-agent rollups kept from the per-conversation ones of 0021
-- by triggers on analytics_hours and analytics_turns (so still in the transaction that writes the
-- messages), so that a period reads a few hundred counter rows instead of every conversation-hour
-- and every answer of 30 days.
--
-- analytics_agent_hours: per agent, channel and UTC hour: the conversations with messages in that
-- hour (its conversation-hour rows: exact per hour), their messages, the agent's answers, those
-- without error, and `ending`: the conversations whose last hour with messages is this one (the
-- distinct conversations of a period since hour H are the sum of `ending` from H on).
CREATE TABLE "analytics_agent_hours" (
	"agent_name" text NOT NULL,
	"channel" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"agent_answers" integer DEFAULT 0 NOT NULL,
	"answered_ok" integer DEFAULT 0 NOT NULL,
	"ending" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_agent_hours_pk" PRIMARY KEY ("agent_name", "hour", "channel")
);--> statement-breakpoint
-- analytics_agent_days: per agent, channel and UTC day: the conversations with messages that day
-- (the daily chart's distinct conversations; a period's first, partial day is counted from
-- analytics_hours).
CREATE TABLE "analytics_agent_days" (
	"agent_name" text NOT NULL,
	"channel" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_agent_days_pk" PRIMARY KEY ("agent_name", "day", "channel")
);--> statement-breakpoint
-- analytics_agent_ms: per agent, kind, 16 ms bucket and UTC day, how many answers had each whole
-- number of milliseconds of model time to first token (kind 'ttft') or of a call turn's end of
-- speech → first audio (kind 'voice'); analytics_agent_ms_buckets: the same per bucket only. A
-- period's p50/p95 finds the buckets holding its ranks in the few coarse rows, then the exact
-- values in those buckets' fine rows: exact to the millisecond the runtime and the voice agent
-- record (a fractional figure counts as its nearest whole millisecond). The period's partial first
-- and last days are read from analytics_turns.
CREATE TABLE "analytics_agent_ms" (
	"agent_name" text NOT NULL,
	"kind" text NOT NULL,
	"bucket" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"ms" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_agent_ms_pk" PRIMARY KEY ("agent_name", "kind", "bucket", "day", "ms")
);--> statement-breakpoint
CREATE TABLE "analytics_agent_ms_buckets" (
	"agent_name" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_agent_ms_buckets_pk" PRIMARY KEY ("agent_name", "day", "kind", "bucket")
);--> statement-breakpoint
-- The UTC day of a time.
CREATE FUNCTION parley_analytics_day(t timestamptz) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT date_trunc('day', t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;--> statement-breakpoint
-- True while the row triggers below rest: while parley_analytics_rebuild() rebuilds the rollups
-- set by set, and during an INSERT into messages, whose statement trigger adds the new rows'
-- share at once (a bulk insert or the turn writer's group commit would otherwise update an
-- agent's counter row once per message within one transaction: every update walks the row's
-- versions of that transaction, quadratic).
CREATE FUNCTION parley_analytics_rebuilding() RETURNS boolean LANGUAGE sql STABLE
	AS $$ SELECT coalesce(current_setting('parley.analytics_batch', true), '') = 'on' $$;--> statement-breakpoint
-- One conversation-hour row's share of the agent's counters: in (sign 1) or out (sign -1).
CREATE FUNCTION parley_analytics_agent_hour(p_row analytics_hours, p_sign integer) RETURNS void
	LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO analytics_agent_hours AS a (agent_name, channel, hour, conversations, messages, agent_answers, answered_ok)
	VALUES (p_row.agent_name, p_row.channel, p_row.hour, p_sign, p_sign * p_row.messages,
		p_sign * p_row.agent_answers, p_sign * p_row.answered_ok)
	ON CONFLICT (agent_name, hour, channel) DO UPDATE SET conversations = a.conversations + EXCLUDED.conversations,
		messages = a.messages + EXCLUDED.messages, agent_answers = a.agent_answers + EXCLUDED.agent_answers,
		answered_ok = a.answered_ok + EXCLUDED.answered_ok;
END $$;--> statement-breakpoint
CREATE FUNCTION parley_analytics_agent_day(p_agent text, p_channel text, p_day timestamptz, p_delta integer)
	RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO analytics_agent_days AS a (agent_name, channel, day, conversations)
	VALUES (p_agent, p_channel, p_day, p_delta)
	ON CONFLICT (agent_name, day, channel) DO UPDATE SET conversations = a.conversations + EXCLUDED.conversations;
END $$;--> statement-breakpoint
CREATE FUNCTION parley_analytics_agent_ending(p_agent text, p_channel text, p_hour timestamptz, p_delta integer)
	RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO analytics_agent_hours AS a (agent_name, channel, hour, ending)
	VALUES (p_agent, p_channel, p_hour, p_delta)
	ON CONFLICT (agent_name, hour, channel) DO UPDATE SET ending = a.ending + EXCLUDED.ending;
END $$;--> statement-breakpoint
-- Keeps the agents' counters for one analytics_hours row inserted (outside an INSERT into
-- messages), its counts updated, or moved to another agent or channel with its conversation.
CREATE FUNCTION parley_analytics_hours_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r analytics_hours;
	d timestamptz;
	other_in_day boolean;
	earlier_in_day boolean;
	last timestamptz;
	moved boolean := TG_OP = 'UPDATE' AND (OLD.agent_name IS DISTINCT FROM NEW.agent_name OR OLD.channel IS DISTINCT FROM NEW.channel);
BEGIN
	IF parley_analytics_rebuilding() THEN RETURN NULL; END IF;
	IF TG_OP = 'UPDATE' AND NOT moved THEN
		-- The common case (one more message in a conversation-hour): the counts' difference.
		UPDATE analytics_agent_hours SET messages = messages + NEW.messages - OLD.messages,
			agent_answers = agent_answers + NEW.agent_answers - OLD.agent_answers,
			answered_ok = answered_ok + NEW.answered_ok - OLD.answered_ok
		WHERE agent_name = NEW.agent_name AND hour = NEW.hour AND channel = NEW.channel;
		RETURN NULL;
	END IF;
	IF TG_OP = 'UPDATE' AND OLD.agent_name IS NOT NULL THEN
		PERFORM parley_analytics_agent_hour(OLD, -1);
	END IF;
	IF NEW.agent_name IS NOT NULL THEN
		PERFORM parley_analytics_agent_hour(NEW, 1);
	END IF;
	r := NEW;
	d := parley_analytics_day(r.hour);
	-- The conversation's other hours (this row's own is excluded: it is there after an insert).
	SELECT bool_or(true), bool_or(hour < r.hour) INTO other_in_day, earlier_in_day FROM analytics_hours
		WHERE conversation_id = r.conversation_id AND hour >= d AND hour < d + interval '1 day' AND hour <> r.hour;
	SELECT max(hour) INTO last FROM analytics_hours WHERE conversation_id = r.conversation_id AND hour <> r.hour;
	IF TG_OP = 'UPDATE' THEN
		-- Moved: the day and the ending go with the day's first hour row and the last one.
		IF NOT coalesce(earlier_in_day, false) THEN
			IF OLD.agent_name IS NOT NULL THEN PERFORM parley_analytics_agent_day(OLD.agent_name, OLD.channel, d, -1); END IF;
			IF NEW.agent_name IS NOT NULL THEN PERFORM parley_analytics_agent_day(NEW.agent_name, NEW.channel, d, 1); END IF;
		END IF;
		IF last IS NULL OR last < r.hour THEN
			IF OLD.agent_name IS NOT NULL THEN PERFORM parley_analytics_agent_ending(OLD.agent_name, OLD.channel, r.hour, -1); END IF;
			IF NEW.agent_name IS NOT NULL THEN PERFORM parley_analytics_agent_ending(NEW.agent_name, NEW.channel, r.hour, 1); END IF;
		END IF;
		RETURN NULL;
	END IF;
	IF r.agent_name IS NULL THEN RETURN NULL; END IF;
	-- Inserted (a message moved to another hour: one row per statement).
	IF NOT coalesce(other_in_day, false) THEN PERFORM parley_analytics_agent_day(r.agent_name, r.channel, d, 1); END IF;
	IF last IS NULL OR last < r.hour THEN
		IF last IS NOT NULL THEN PERFORM parley_analytics_agent_ending(r.agent_name, r.channel, last, -1); END IF;
		PERFORM parley_analytics_agent_ending(r.agent_name, r.channel, r.hour, 1);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "analytics_hours_agent" AFTER INSERT ON "analytics_hours"
	FOR EACH ROW EXECUTE FUNCTION parley_analytics_hours_row();--> statement-breakpoint
-- Deleted rows (a message's last in its hour, or a deleted conversation's all at once: after the
-- statement, so set by set against what remains).
CREATE FUNCTION parley_analytics_hours_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF parley_analytics_rebuilding() THEN RETURN NULL; END IF;
	INSERT INTO analytics_agent_hours AS x (agent_name, channel, hour, conversations, messages, agent_answers, answered_ok)
	SELECT agent_name, channel, hour, -count(*), -sum(messages), -sum(agent_answers), -sum(answered_ok)
	FROM old_rows WHERE agent_name IS NOT NULL GROUP BY 1, 2, 3
	ON CONFLICT (agent_name, hour, channel) DO UPDATE SET conversations = x.conversations + EXCLUDED.conversations,
		messages = x.messages + EXCLUDED.messages, agent_answers = x.agent_answers + EXCLUDED.agent_answers,
		answered_ok = x.answered_ok + EXCLUDED.answered_ok;
	-- A conversation left without messages on a day.
	INSERT INTO analytics_agent_days AS x (agent_name, channel, day, conversations)
	SELECT agent_name, channel, day, -count(*) FROM (
		SELECT conversation_id, min(agent_name) AS agent_name, min(channel) AS channel, parley_analytics_day(hour) AS day
		FROM old_rows WHERE agent_name IS NOT NULL GROUP BY conversation_id, parley_analytics_day(hour)) d
	WHERE NOT EXISTS (SELECT 1 FROM analytics_hours a WHERE a.conversation_id = d.conversation_id
		AND a.hour >= d.day AND a.hour < d.day + interval '1 day')
	GROUP BY 1, 2, 3
	ON CONFLICT (agent_name, day, channel) DO UPDATE SET conversations = x.conversations + EXCLUDED.conversations;
	-- A conversation whose last hour went: the ending moves to its last remaining one, if any.
	WITH c AS (SELECT o.*, (SELECT max(a.hour) FROM analytics_hours a WHERE a.conversation_id = o.conversation_id) AS now_last
		FROM (SELECT conversation_id, min(agent_name) AS agent_name, min(channel) AS channel, max(hour) AS gone_last
			FROM old_rows WHERE agent_name IS NOT NULL GROUP BY 1) o),
	m AS (SELECT agent_name, channel, gone_last AS hour, -1 AS delta FROM c WHERE now_last IS NULL OR now_last < gone_last
		UNION ALL
		SELECT agent_name, channel, now_last, 1 FROM c WHERE now_last < gone_last)
	INSERT INTO analytics_agent_hours AS x (agent_name, channel, hour, ending)
	SELECT agent_name, channel, hour, sum(delta) FROM m GROUP BY 1, 2, 3
	ON CONFLICT (agent_name, hour, channel) DO UPDATE SET ending = x.ending + EXCLUDED.ending;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "analytics_hours_agent_deleted" AFTER DELETE ON "analytics_hours"
	REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION parley_analytics_hours_deleted();--> statement-breakpoint
CREATE TRIGGER "analytics_hours_agent_update" AFTER UPDATE ON "analytics_hours" FOR EACH ROW
	WHEN (OLD.agent_name IS DISTINCT FROM NEW.agent_name OR OLD.channel IS DISTINCT FROM NEW.channel
		OR OLD.messages IS DISTINCT FROM NEW.messages OR OLD.agent_answers IS DISTINCT FROM NEW.agent_answers
		OR OLD.answered_ok IS DISTINCT FROM NEW.answered_ok)
	EXECUTE FUNCTION parley_analytics_hours_row();--> statement-breakpoint
CREATE FUNCTION parley_analytics_agent_ms(p_agent text, p_at timestamptz, p_kind text, p_value double precision,
	p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v integer;
BEGIN
	IF p_agent IS NULL OR p_value IS NULL THEN RETURN; END IF;
	v := round(p_value)::int;
	INSERT INTO analytics_agent_ms_buckets AS a (agent_name, day, kind, bucket, n)
	VALUES (p_agent, parley_analytics_day(p_at), p_kind, v >> 4, p_delta)
	ON CONFLICT (agent_name, day, kind, bucket) DO UPDATE SET n = a.n + EXCLUDED.n;
	INSERT INTO analytics_agent_ms AS a (agent_name, kind, bucket, day, ms, n)
	VALUES (p_agent, p_kind, v >> 4, parley_analytics_day(p_at), v, p_delta)
	ON CONFLICT (agent_name, kind, bucket, day, ms) DO UPDATE SET n = a.n + EXCLUDED.n;
END $$;--> statement-breakpoint
-- Keeps the agents' histograms for one analytics_turns row.
CREATE FUNCTION parley_analytics_turns_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF parley_analytics_rebuilding() THEN RETURN NULL; END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM parley_analytics_agent_ms(OLD.agent_name, OLD.at, 'ttft', OLD.ttft_ms, -1);
		PERFORM parley_analytics_agent_ms(OLD.agent_name, OLD.at, 'voice', OLD.voice_ms, -1);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM parley_analytics_agent_ms(NEW.agent_name, NEW.at, 'ttft', NEW.ttft_ms, 1);
		PERFORM parley_analytics_agent_ms(NEW.agent_name, NEW.at, 'voice', NEW.voice_ms, 1);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "analytics_turns_agent" AFTER INSERT OR DELETE ON "analytics_turns"
	FOR EACH ROW EXECUTE FUNCTION parley_analytics_turns_row();--> statement-breakpoint
CREATE TRIGGER "analytics_turns_agent_update" AFTER UPDATE ON "analytics_turns" FOR EACH ROW
	WHEN (OLD.agent_name IS DISTINCT FROM NEW.agent_name OR OLD.at IS DISTINCT FROM NEW.at
		OR OLD.ttft_ms IS DISTINCT FROM NEW.ttft_ms OR OLD.voice_ms IS DISTINCT FROM NEW.voice_ms)
	EXECUTE FUNCTION parley_analytics_turns_row();--> statement-breakpoint
-- An INSERT into messages: the row triggers of 0021 keep the per-conversation rollups row by row
-- (each row its own conversation-hour or answer), those of the agents rest until the statement's
-- end, when one statement per table adds the new messages' share.
CREATE FUNCTION parley_analytics_messages_batch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM set_config('parley.analytics_batch', 'on', true);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION parley_analytics_messages_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM set_config('parley.analytics_batch', 'off', true);
	-- n: the new messages per conversation-hour (a conversation-hour row whose count is theirs is new).
	WITH n AS (SELECT conversation_id, parley_analytics_hour(created_at) AS hour, count(*) AS messages,
			count(*) FILTER (WHERE role = 'assistant' AND coalesce(author, 'agent') = 'agent') AS answers,
			count(*) FILTER (WHERE role = 'assistant' AND coalesce(author, 'agent') = 'agent' AND error IS NULL) AS ok
		FROM new_rows GROUP BY 1, 2)
	INSERT INTO analytics_agent_hours AS x (agent_name, channel, hour, conversations, messages, agent_answers, answered_ok)
	SELECT a.agent_name, a.channel, a.hour, count(*) FILTER (WHERE a.messages = n.messages),
		sum(n.messages), sum(n.answers), sum(n.ok)
	FROM n JOIN analytics_hours a ON a.conversation_id = n.conversation_id AND a.hour = n.hour
	WHERE a.agent_name IS NOT NULL
	GROUP BY 1, 2, 3
	ON CONFLICT (agent_name, hour, channel) DO UPDATE SET conversations = x.conversations + EXCLUDED.conversations,
		messages = x.messages + EXCLUDED.messages, agent_answers = x.agent_answers + EXCLUDED.agent_answers,
		answered_ok = x.answered_ok + EXCLUDED.answered_ok;
	-- A conversation new to a day: all its messages that day are new ones.
	WITH n AS (SELECT conversation_id, parley_analytics_day(created_at) AS day, count(*) AS messages
		FROM new_rows GROUP BY 1, 2),
	d AS (SELECT n.conversation_id, n.day, min(a.agent_name) AS agent_name, min(a.channel) AS channel,
			sum(a.messages) AS total, min(n.messages) AS added
		FROM n JOIN analytics_hours a ON a.conversation_id = n.conversation_id
			AND a.hour >= n.day AND a.hour < n.day + interval '1 day'
		WHERE a.agent_name IS NOT NULL
		GROUP BY 1, 2)
	INSERT INTO analytics_agent_days AS x (agent_name, channel, day, conversations)
	SELECT agent_name, channel, day, count(*) FROM d WHERE total = added GROUP BY 1, 2, 3
	ON CONFLICT (agent_name, day, channel) DO UPDATE SET conversations = x.conversations + EXCLUDED.conversations;
	-- A conversation's last hour with messages before the new ones and now: the ending moves.
	WITH n AS (SELECT conversation_id, parley_analytics_hour(created_at) AS hour, count(*) AS messages
		FROM new_rows GROUP BY 1, 2),
	c AS (SELECT a.conversation_id, min(a.agent_name) AS agent_name, min(a.channel) AS channel,
			max(a.hour) AS now_last, max(a.hour) FILTER (WHERE a.messages > coalesce(n.messages, 0)) AS before_last
		FROM analytics_hours a LEFT JOIN n ON n.conversation_id = a.conversation_id AND n.hour = a.hour
		WHERE a.conversation_id IN (SELECT conversation_id FROM n) AND a.agent_name IS NOT NULL
		GROUP BY 1),
	m AS (SELECT agent_name, channel, now_last AS hour, 1 AS delta FROM c WHERE before_last IS DISTINCT FROM now_last
		UNION ALL
		SELECT agent_name, channel, before_last, -1 FROM c WHERE before_last <> now_last)
	INSERT INTO analytics_agent_hours AS x (agent_name, channel, hour, ending)
	SELECT agent_name, channel, hour, sum(delta) FROM m GROUP BY 1, 2, 3
	ON CONFLICT (agent_name, hour, channel) DO UPDATE SET ending = x.ending + EXCLUDED.ending;
	-- The new answers' figures.
	WITH v AS (SELECT t.agent_name, k.kind, parley_analytics_day(t.at) AS day, round(k.v)::int AS ms
		FROM new_rows m JOIN analytics_turns t ON t.message_id = m.id,
			LATERAL (VALUES ('ttft', t.ttft_ms), ('voice', t.voice_ms)) k(kind, v)
		WHERE t.agent_name IS NOT NULL AND k.v IS NOT NULL),
	f AS (INSERT INTO analytics_agent_ms AS x (agent_name, kind, bucket, day, ms, n)
		SELECT agent_name, kind, ms >> 4, day, ms, count(*) FROM v GROUP BY agent_name, kind, day, ms
		ON CONFLICT (agent_name, kind, bucket, day, ms) DO UPDATE SET n = x.n + EXCLUDED.n)
	INSERT INTO analytics_agent_ms_buckets AS x (agent_name, day, kind, bucket, n)
	SELECT agent_name, day, kind, ms >> 4, count(*) FROM v GROUP BY agent_name, day, kind, ms >> 4
	ON CONFLICT (agent_name, day, kind, bucket) DO UPDATE SET n = x.n + EXCLUDED.n;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_analytics_batch" BEFORE INSERT ON "messages"
	FOR EACH STATEMENT EXECUTE FUNCTION parley_analytics_messages_batch();--> statement-breakpoint
CREATE TRIGGER "messages_analytics_inserted" AFTER INSERT ON "messages"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION parley_analytics_messages_inserted();--> statement-breakpoint
-- The agents' rollups from the per-conversation ones, set by set.
CREATE FUNCTION parley_analytics_rebuild_agents() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM analytics_agent_hours;
	DELETE FROM analytics_agent_days;
	DELETE FROM analytics_agent_ms;
	DELETE FROM analytics_agent_ms_buckets;
	INSERT INTO analytics_agent_hours (agent_name, channel, hour, conversations, messages, agent_answers, answered_ok, ending)
	SELECT agent_name, channel, hour, count(*), sum(messages), sum(agent_answers), sum(answered_ok),
		count(*) FILTER (WHERE last)
	FROM (SELECT h.*, hour = max(hour) OVER (PARTITION BY conversation_id) AS last FROM analytics_hours h) h
	WHERE agent_name IS NOT NULL
	GROUP BY agent_name, channel, hour;
	INSERT INTO analytics_agent_days (agent_name, channel, day, conversations)
	SELECT agent_name, channel, parley_analytics_day(hour), count(DISTINCT conversation_id)
	FROM analytics_hours WHERE agent_name IS NOT NULL
	GROUP BY agent_name, channel, parley_analytics_day(hour);
	INSERT INTO analytics_agent_ms (agent_name, kind, bucket, day, ms, n)
	SELECT agent_name, kind, ms >> 4, day, ms, count(*)
	FROM (SELECT agent_name, parley_analytics_day(at) AS day, k.kind, round(k.v)::int AS ms
		FROM analytics_turns, LATERAL (VALUES ('ttft', ttft_ms), ('voice', voice_ms)) k(kind, v)
		WHERE agent_name IS NOT NULL AND k.v IS NOT NULL) t
	GROUP BY agent_name, kind, day, ms;
	INSERT INTO analytics_agent_ms_buckets (agent_name, day, kind, bucket, n)
	SELECT agent_name, day, kind, bucket, sum(n) FROM analytics_agent_ms
	GROUP BY agent_name, day, kind, bucket;
END $$;--> statement-breakpoint
-- 0021's rebuild, now also of the agents' rollups (its inserts run without the row triggers).
CREATE OR REPLACE FUNCTION parley_analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM set_config('parley.analytics_batch', 'on', true);
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
	PERFORM parley_analytics_rebuild_agents();
	PERFORM set_config('parley.analytics_batch', 'off', true);
END $$;--> statement-breakpoint
SELECT parley_analytics_rebuild_agents();
--> statement-breakpoint
-- The calls of a period read from the index alone (their durations and end reasons).
DROP INDEX "conversations_agent_channel_created_idx";--> statement-breakpoint
CREATE INDEX "conversations_agent_channel_created_idx" ON "conversations" ("agent_name", "channel", "created_at")
	INCLUDE ("ended_at", "end_reason", "ended_by");

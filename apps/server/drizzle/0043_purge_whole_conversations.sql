-- A retention purge deletes whole old conversations without per-message analytics bookkeeping
-- (docs/privacy.md, "How it runs"): the message trigger returns at once when the purge's
-- transaction says so. Everything else of parley_analytics_message() is as in 0021.
CREATE OR REPLACE FUNCTION parley_analytics_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	conv record;
	answer boolean;
	ttft double precision;
	voice double precision;
	why text;
	recount boolean := TG_OP = 'INSERT';
BEGIN
	-- A purge deleting whole conversations (privacy/retention.ts) sets this for its transaction:
	-- their hourly rows go with them (ON DELETE CASCADE) and analytics_turns with each message, so
	-- the per-message bookkeeping is skipped (it was most of a purge batch's time).
	IF TG_OP = 'DELETE' AND current_setting('parley.purging_conversations', true) = 'on' THEN
		RETURN NULL;
	END IF;
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
END $$;

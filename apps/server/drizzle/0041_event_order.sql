-- A conversation's events reach the outbox in the order their transactions commit.
--
-- Deliveries of one conversation go out in `seq` order (webhooks/queue.ts), but a sequence hands
-- out numbers when a row is inserted, not when its transaction commits: two transactions writing
-- events of the same conversation could commit 74 before 73, and a worker that saw 74 alone
-- would send it first. Each event of a conversation now takes a transaction-scoped advisory lock
-- on that conversation before it is numbered, so the second writer waits for the first to commit
-- (or roll back) and is numbered after it. Events without a conversation are not ordered and take
-- no lock.
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
	IF p_conversation IS NOT NULL THEN
		PERFORM pg_advisory_xact_lock(hashtextextended('parley_event:' || p_conversation::text, 0));
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
END $$;

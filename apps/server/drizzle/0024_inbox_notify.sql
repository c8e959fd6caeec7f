-- The inbox's live list (docs/inbox-and-analytics.md, "Live"): every new message and every call
-- that ends tells each server process, through the same NOTIFY channel as the widgets' live events
-- (conversations/live.ts), which conversation of which organization changed. Ids only, never a
-- message's text. Kept by triggers, so every writer (the runtime, calls, SMS/WhatsApp, e-mail,
-- members' replies, writers added later) announces its messages; delivered when the writing
-- transaction commits. One NOTIFY per conversation of an INSERT statement (a bulk insert of many
-- messages of one conversation says it once).
CREATE FUNCTION parley_inbox_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('parley_conversations',
		json_build_object('c', c.id, 'o', c.organization_id, 'k', 'message')::text)
	FROM conversations c
	WHERE c.id IN (SELECT DISTINCT a.conversation_id FROM added a);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_inbox_notify" AFTER INSERT ON "messages"
	REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION parley_inbox_messages();--> statement-breakpoint
CREATE FUNCTION parley_inbox_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('parley_conversations',
		json_build_object('c', NEW.id, 'o', NEW.organization_id, 'k', 'status')::text);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_status" AFTER UPDATE OF "ended_at" ON "conversations"
	FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at)
	EXECUTE FUNCTION parley_inbox_status();

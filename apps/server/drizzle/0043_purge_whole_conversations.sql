-- A retention purge deletes whole old conversations without the per-message analytics bookkeeping
-- (docs/privacy.md, "How it runs"): their conversation-hour rows go with them by cascade, and
-- analytics_turns with each message. The purge says so for its transaction
-- (parley.purging_conversations = 'on'); the deletion's row trigger is then not fired at all.
-- Inserts keep the trigger of 0021 as it was.
DROP TRIGGER "messages_analytics" ON "messages";--> statement-breakpoint
CREATE TRIGGER "messages_analytics" AFTER INSERT ON "messages"
	FOR EACH ROW EXECUTE FUNCTION parley_analytics_message();--> statement-breakpoint
CREATE TRIGGER "messages_analytics_deleted" AFTER DELETE ON "messages"
	FOR EACH ROW WHEN (current_setting('parley.purging_conversations', true) IS DISTINCT FROM 'on')
	EXECUTE FUNCTION parley_analytics_message();

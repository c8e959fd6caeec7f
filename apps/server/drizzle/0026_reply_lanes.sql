-- Replies are worked by several lanes per process (messaging/replies.ts, PARLEY_REPLY_CONCURRENCY):
-- a claim skips a conversation whose earlier reply is still being generated or sent, so one
-- thread's answers stay in order. This partial index finds those (few) rows per conversation.
CREATE INDEX IF NOT EXISTS "message_replies_active_idx" ON "message_replies" ("conversation_id")
	WHERE "status" IN ('running', 'sending');

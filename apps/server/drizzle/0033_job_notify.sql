-- The job runner (src/lib/jobs.ts) wakes a queue's worker in every server process when a row is
-- added to the queue's table: one NOTIFY on the channel 'parley_jobs' per INSERT statement,
-- carrying the table's name (never a row's contents), delivered when the inserting transaction
-- commits. Every writer (routes, webhooks, another process, a writer added later) announces its
-- work this way; the workers' poll stays as the fallback for retries that fall due and for
-- notifications missed while a listening connection was down. A later queue adds its table with
-- one more trigger on the same function.
CREATE OR REPLACE FUNCTION parley_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('parley_jobs', TG_TABLE_NAME);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ingestion_jobs_notify" AFTER INSERT ON "ingestion_jobs"
	FOR EACH STATEMENT EXECUTE FUNCTION parley_jobs_notify();--> statement-breakpoint
CREATE TRIGGER "message_replies_notify" AFTER INSERT ON "message_replies"
	FOR EACH STATEMENT EXECUTE FUNCTION parley_jobs_notify();--> statement-breakpoint
CREATE TRIGGER "scheduled_events_notify" AFTER INSERT ON "scheduled_events"
	FOR EACH STATEMENT EXECUTE FUNCTION parley_jobs_notify();--> statement-breakpoint
CREATE TRIGGER "agent_test_runs_notify" AFTER INSERT ON "agent_test_runs"
	FOR EACH STATEMENT EXECUTE FUNCTION parley_jobs_notify();

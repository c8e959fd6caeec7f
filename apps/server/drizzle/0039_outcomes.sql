-- Issue 40 item 2: outcomes (docs/outcomes.md). An agent's outcome plan is part of its versioned
-- settings (the draft's in `agents.analysis_plan`, a version's in its snapshot's `analysis`);
-- when a conversation ends (any channel, any writer: the trigger below on the ended_at
-- transition) an analysis job is queued; the job runner's worker (outcomes/worker.ts) has the
-- model of the version that answered fill the plan and stores the outcome, with the
-- analysis.completed event, in one transaction. Re-analyses of past conversations are jobs too,
-- counted against their rerun row.

ALTER TABLE "agents" ADD COLUMN IF NOT EXISTS "analysis_plan" jsonb;--> statement-breakpoint

-- One outcome per conversation (the last analysis of its last end).
CREATE TABLE "conversation_analyses" (
	"conversation_id" uuid PRIMARY KEY NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE cascade,
	"agent_name" text,
	"status" text NOT NULL,
	"reason" text,
	"summary" text,
	"success" jsonb,
	-- Whether the success evaluation counts as a success (null: none, or not kept).
	"success_passed" boolean,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"agent_version" text,
	-- What the storage mode kept of its text: 'full', 'redacted' or 'metadata_only'.
	"stored_as" text DEFAULT 'full' NOT NULL,
	-- The end it analysed (the analytics' time), and when.
	"ended_at" timestamp with time zone,
	"analyzed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversation_analyses_agent_idx" ON "conversation_analyses" ("agent_name", "ended_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversation_analyses_org_idx" ON "conversation_analyses" ("organization_id", "success_passed");--> statement-breakpoint

-- A re-analysis of an agent's past conversations: its range and progress.
CREATE TABLE "analysis_reruns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE cascade,
	"agent_name" text NOT NULL REFERENCES "agents"("agent_name") ON DELETE cascade,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"agent_version" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "analysis_reruns_agent_idx" ON "analysis_reruns" ("agent_name", "created_at");--> statement-breakpoint

-- The analysis queue (lib/jobs): one waiting or running job per conversation. `claim` is the
-- token of the claim that runs it: the outcome is stored only by the claim still holding it (a
-- lapsed lease taken over, or the conversation ended again meanwhile, voids the older one).
CREATE TABLE "analysis_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"organization_id" text NOT NULL,
	"rerun_id" uuid REFERENCES "analysis_reruns"("id") ON DELETE set null,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim" uuid,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "analysis_jobs_conversation_uq" ON "analysis_jobs" ("conversation_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "analysis_jobs_waiting_idx" ON "analysis_jobs" ("created_at") WHERE "locked_at" IS NULL;--> statement-breakpoint
-- A new job wakes the analysis worker of every process (drizzle/0033).
CREATE TRIGGER "analysis_jobs_notify" AFTER INSERT ON "analysis_jobs"
	FOR EACH STATEMENT EXECUTE FUNCTION parley_jobs_notify();--> statement-breakpoint

-- A conversation of an agent ended (a call hung up, the idle end, a member closed it): its
-- analysis is queued in the same transaction. Ended again while a job waits or runs: the job
-- starts over (the running one's result is dropped), keeping a rerun it belongs to.
CREATE OR REPLACE FUNCTION parley_queue_analysis() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO analysis_jobs (conversation_id, organization_id)
		VALUES (NEW.id, NEW.organization_id)
		ON CONFLICT (conversation_id) DO UPDATE SET locked_at = NULL, claim = NULL, attempts = 0;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_analysis_job" AFTER UPDATE OF "ended_at" ON "conversations"
	FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL AND NEW.agent_name IS NOT NULL)
	EXECUTE FUNCTION parley_queue_analysis();--> statement-breakpoint

-- An outcome stored (or replaced) tells the inbox of its organization, like a call's end
-- (drizzle/0024: ids only): the open inbox reads the conversation again and shows it.
CREATE OR REPLACE FUNCTION parley_inbox_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('parley_conversations',
		json_build_object('c', NEW.conversation_id, 'o', NEW.organization_id, 'k', 'status')::text);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_analyses_inbox_notify" AFTER INSERT OR UPDATE ON "conversation_analyses"
	FOR EACH ROW EXECUTE FUNCTION parley_inbox_outcome();

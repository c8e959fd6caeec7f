ALTER TABLE "agent_test_runs" ADD COLUMN IF NOT EXISTS "voice" boolean DEFAULT false NOT NULL;

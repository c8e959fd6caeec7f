-- Agent test suites (issue 30): tests, runs (also the durable job) and the publish gate setting.
CREATE TABLE "agent_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE cascade,
	"agent_name" text NOT NULL REFERENCES "agents"("agent_name") ON DELETE cascade,
	"name" text NOT NULL,
	"turns" jsonb NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tool_mocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"repetitions" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "agent_tests_agent_idx" ON "agent_tests" ("agent_name","created_at");--> statement-breakpoint
CREATE TABLE "agent_test_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE cascade,
	"agent_name" text NOT NULL REFERENCES "agents"("agent_name") ON DELETE cascade,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"test_ids" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "agent_test_runs_agent_idx" ON "agent_test_runs" ("agent_name","created_at");--> statement-breakpoint
CREATE INDEX "agent_test_runs_status_idx" ON "agent_test_runs" ("status");--> statement-breakpoint
CREATE TABLE "agent_test_settings" (
	"agent_name" text PRIMARY KEY NOT NULL REFERENCES "agents"("agent_name") ON DELETE cascade,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE cascade,
	"tests_must_pass" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

-- Issue 39: drafts and immutable published versions (docs/versions.md).
-- The `agents` row is the agent's DRAFT: the editor writes it as before. Publishing freezes the
-- draft's settings and tools into an immutable numbered `agent_versions` row and points the agent
-- at it: `live_version` is its number and `live_snapshot` a copy of its snapshot, so every read of
-- an agent row (the agent-key cache, the voice worker's call agent, the reply worker) carries what
-- the channels serve, with no further round trip. A snapshot is one JSON document
-- ({settings: {column: value}, tools: [...], analysis}), so a setting added later joins it
-- without a schema change here.
ALTER TABLE "agents" ADD COLUMN IF NOT EXISTS "live_version" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN IF NOT EXISTS "live_snapshot" jsonb;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agent_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"agent_name" text NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"note" text,
	"published_by" text,
	"published_by_name" text,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "agent_versions" ADD CONSTRAINT "agent_versions_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_versions" ADD CONSTRAINT "agent_versions_agent_name_agents_agent_name_fk" FOREIGN KEY ("agent_name") REFERENCES "public"."agents"("agent_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_versions" ADD CONSTRAINT "agent_versions_published_by_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "agent_versions_agent_version_uq" ON "agent_versions" USING btree ("agent_name", "version");--> statement-breakpoint
-- Which version answered: each agent message, each call (a voice conversation) and each test run
-- ('1', '2' … or 'draft' for the console's test chat and draft test runs; null before this).
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "agent_version" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN IF NOT EXISTS "agent_version" text;--> statement-breakpoint
ALTER TABLE "agent_test_runs" ADD COLUMN IF NOT EXISTS "agent_version" text;--> statement-breakpoint
-- Nothing live changes on upgrade: every agent already published gets its current settings and
-- tools as version 1, live. (The same snapshot as agents/versions/snapshot.ts makes; a server
-- test runs this statement again and compares.) Agents never published have no version: their
-- channels serve the draft until the first publish.
INSERT INTO "agent_versions" ("organization_id", "agent_name", "version", "snapshot", "note", "created_at")
SELECT a."organization_id", a."agent_name", 1,
	jsonb_build_object(
		'settings', jsonb_build_object(
			'tts_config', a."tts_config",
			'stt_config', a."stt_config",
			'initial_message', a."initial_message",
			'nudge_text', a."nudge_text",
			'nudge_interval', a."nudge_interval",
			'max_nudges', a."max_nudges",
			'typing_volume', a."typing_volume",
			'max_call_duration', a."max_call_duration",
			'visitor_sends', a."visitor_sends",
			'system_prompt', a."system_prompt",
			'model_provider', a."model_provider",
			'model_name', a."model_name",
			'model_api_key', a."model_api_key",
			'model_live_url', a."model_live_url",
			'knowledge_base_ids', a."knowledge_base_ids"
		),
		'tools', coalesce((
			SELECT jsonb_agg(jsonb_build_object(
				'id', t."id",
				'name', t."name",
				'description', t."description",
				'type', t."type",
				'parameters', t."parameters",
				'config', t."config",
				'secret_headers', t."secret_headers",
				'enabled', t."enabled"
			) ORDER BY t."created_at", t."name")
			FROM "agent_tools" t
			WHERE t."agent_name" = a."agent_name" AND t."organization_id" = a."organization_id"
		), '[]'::jsonb),
		'analysis', NULL
	),
	'Published before versions existed',
	coalesce(a."published_at", a."updated_at")
FROM "agents" a
WHERE a."status" = 'active' AND a."live_version" IS NULL
	AND NOT EXISTS (SELECT 1 FROM "agent_versions" v WHERE v."agent_name" = a."agent_name");--> statement-breakpoint
UPDATE "agents" a SET "live_version" = v."version", "live_snapshot" = v."snapshot"
FROM "agent_versions" v
WHERE v."agent_name" = a."agent_name" AND v."version" = 1 AND a."live_version" IS NULL;

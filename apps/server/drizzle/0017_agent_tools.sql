-- Tools an agent may call (issue 28): an HTTP endpoint, a built-in (end_call, transfer_call,
-- send_sms, send_whatsapp, send_email, schedule_callback, do_not_contact) or a remote MCP server.
-- Header values are secrets: `secret_headers` holds them encrypted (lib/secrets.ts), by header
-- name; only masked forms leave the server. A change drops the organization's cached agent reads
-- in every server process (the cache trigger of 0009).
CREATE TABLE "agent_tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"agent_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"parameters" jsonb DEFAULT '{"type":"object","properties":{}}'::jsonb NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_tools" ADD CONSTRAINT "agent_tools_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tools" ADD CONSTRAINT "agent_tools_agent_name_agents_agent_name_fk" FOREIGN KEY ("agent_name") REFERENCES "public"."agents"("agent_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_tools_agent_name_uq" ON "agent_tools" USING btree ("agent_name","name");--> statement-breakpoint
CREATE INDEX "agent_tools_org_idx" ON "agent_tools" USING btree ("organization_id");--> statement-breakpoint
CREATE TRIGGER agent_tools_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "agent_tools"
  FOR EACH ROW EXECUTE FUNCTION parley_cache_notify();--> statement-breakpoint
-- Each tool step of an agent's answer (tool, tool_id, input, output, duration_ms, error).
ALTER TABLE "messages" ADD COLUMN "tool_steps" jsonb;

-- Issue 29: the inbox across channels, human takeover and agent analytics.
CREATE TABLE "conversation_holds" (
	"conversation_id" uuid PRIMARY KEY NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "conversation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"organization_id" text NOT NULL,
	"agent_name" text,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "conversation_events_agent_idx" ON "conversation_events" ("agent_name","created_at");--> statement-breakpoint
CREATE INDEX "conversation_events_conversation_idx" ON "conversation_events" ("conversation_id","created_at");--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"user_id" text NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reads_user_id_conversation_id_pk" PRIMARY KEY("user_id","conversation_id")
);--> statement-breakpoint
-- The inbox's first page: an organization's conversations, newest activity first.
CREATE INDEX "conversations_org_updated_idx" ON "conversations" ("organization_id","updated_at" DESC,"id" DESC);--> statement-breakpoint
-- The inbox's search: full-text over the messages (language-neutral 'simple' configuration).
CREATE INDEX "messages_content_fts_idx" ON "messages" USING gin (to_tsvector('simple', "content"));

-- Issue 41: handoff to people. A conversation's request for a person (the request_human tool,
-- the offline responder hearing "a person", or the visitor's 'Talk to a person'), with its reason,
-- a summary, whether it came inside business hours, who took it and when the first member reply
-- came (time to a person). One open request per conversation; closed when released.
CREATE TABLE IF NOT EXISTS "handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE CASCADE,
	"organization_id" text NOT NULL,
	"agent_name" text,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"summary_source" text DEFAULT 'last_messages' NOT NULL,
	"in_hours" boolean NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"taken_by" text,
	"taken_by_name" text,
	"first_reply_at" timestamp with time zone,
	"transferred_to" text,
	"transferred_user_id" text,
	"closed_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "handoffs_open_uq" ON "handoffs" ("conversation_id") WHERE "closed_at" IS NULL;--> statement-breakpoint
-- The waiting list (and its count): an organization's requests nobody has taken, oldest first.
CREATE INDEX IF NOT EXISTS "handoffs_waiting_idx" ON "handoffs" ("organization_id", "requested_at") WHERE "taken_at" IS NULL AND "closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "handoffs_agent_idx" ON "handoffs" ("agent_name", "requested_at");--> statement-breakpoint
-- The on-duty member of a call: who was put through least recently.
CREATE INDEX IF NOT EXISTS "handoffs_transferred_idx" ON "handoffs" ("transferred_user_id", "requested_at") WHERE "transferred_user_id" IS NOT NULL;--> statement-breakpoint
-- An organization's business hours (absent: open every day, all day, UTC).
CREATE TABLE IF NOT EXISTS "business_hours" (
	"organization_id" text PRIMARY KEY NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"time_zone" text NOT NULL,
	"days" jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"out_of_hours_message" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A member's own phone number (E.164): a call's handoff is put through to it.
CREATE TABLE IF NOT EXISTS "user_profiles" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"phone_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A member's alerts of one organization: e-mail when a conversation needs a person.
CREATE TABLE IF NOT EXISTS "member_notifications" (
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"handoff_email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notifications_pk" PRIMARY KEY ("organization_id", "user_id")
);--> statement-breakpoint
-- 'Talk to a person' (on by default): the widget and the public page offer the visitor a person.
ALTER TABLE "agents" ADD COLUMN IF NOT EXISTS "talk_to_person" boolean DEFAULT true NOT NULL;

ALTER TABLE "conversations" ADD COLUMN "channel" text DEFAULT 'chat' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "agent_address" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "ended_by" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "direction" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_org_channel_idx" ON "conversations" USING btree ("organization_id","channel","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_idx" ON "messages" USING btree ("provider","provider_message_id");
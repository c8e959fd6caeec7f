-- One agent per channel of a number (voice, SMS, WhatsApp), each assigned on its own; and a
-- number of a shared provider account held by one organization at a time.
ALTER TABLE "phone_numbers" ADD COLUMN "voice_agent_name" text;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "voice_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "sms_agent_name" text;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "sms_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "whatsapp_agent_name" text;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "whatsapp_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A number assigned today keeps its agent on the channels it has (voice as well when it has none).
UPDATE "phone_numbers" SET
  "voice_agent_name" = CASE WHEN "voice_enabled" OR NOT ("sms_enabled" OR "whatsapp_enabled") THEN "agent_name" END,
  "voice_assigned_at" = CASE WHEN "voice_enabled" OR NOT ("sms_enabled" OR "whatsapp_enabled") THEN "assigned_at" END,
  "sms_agent_name" = CASE WHEN "sms_enabled" THEN "agent_name" END,
  "sms_assigned_at" = CASE WHEN "sms_enabled" THEN "assigned_at" END,
  "whatsapp_agent_name" = CASE WHEN "whatsapp_enabled" THEN "agent_name" END,
  "whatsapp_assigned_at" = CASE WHEN "whatsapp_enabled" THEN "assigned_at" END
WHERE "agent_name" IS NOT NULL;--> statement-breakpoint
-- Twilio numbers synced through the server's account (not the organization's own integration)
-- are shared.
UPDATE "phone_numbers" p SET "shared" = true
WHERE p."provider" = 'twilio' AND NOT EXISTS (
  SELECT 1 FROM "integrations" i
  WHERE i."organization_id" = p."organization_id" AND i."provider" = 'twilio' AND i."account_id" = p."provider_account"
);--> statement-breakpoint
-- Where several organizations assigned one shared number, the first to assign it keeps it.
UPDATE "phone_numbers" p SET
  "voice_agent_name" = NULL, "voice_assigned_at" = NULL,
  "sms_agent_name" = NULL, "sms_assigned_at" = NULL,
  "whatsapp_agent_name" = NULL, "whatsapp_assigned_at" = NULL
WHERE p."shared" AND p."agent_name" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "phone_numbers" o
  WHERE o."shared" AND o."agent_name" IS NOT NULL AND o."id" <> p."id"
    AND o."provider" = p."provider" AND o."provider_account" = p."provider_account"
    AND o."phone_number" = p."phone_number"
    AND (o."assigned_at" < p."assigned_at" OR (o."assigned_at" IS NOT DISTINCT FROM p."assigned_at" AND o."id" < p."id"))
);--> statement-breakpoint
ALTER TABLE "phone_numbers" DROP CONSTRAINT "phone_numbers_agent_name_agents_agent_name_fk";--> statement-breakpoint
ALTER TABLE "phone_numbers" DROP COLUMN "agent_name";--> statement-breakpoint
ALTER TABLE "phone_numbers" DROP COLUMN "assigned_at";--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_voice_agent_name_agents_agent_name_fk" FOREIGN KEY ("voice_agent_name") REFERENCES "public"."agents"("agent_name") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_sms_agent_name_agents_agent_name_fk" FOREIGN KEY ("sms_agent_name") REFERENCES "public"."agents"("agent_name") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_whatsapp_agent_name_agents_agent_name_fk" FOREIGN KEY ("whatsapp_agent_name") REFERENCES "public"."agents"("agent_name") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_shared_holder_uq" ON "phone_numbers" USING btree ("provider","provider_account","phone_number") WHERE "phone_numbers"."shared" and ("phone_numbers"."voice_agent_name" is not null or "phone_numbers"."sms_agent_name" is not null or "phone_numbers"."whatsapp_agent_name" is not null);

-- Mail that cannot be read (issue 37): a mail an IMAP reader cannot parse or store is recorded
-- as refused (its reason, shown with the mailbox) and the reader's cursor moves past it. The last
-- 20 refusals of a mailbox are kept; `mail_refused_total` counts them all.
CREATE TABLE IF NOT EXISTS "mail_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"mailbox_id" uuid NOT NULL REFERENCES "mailboxes"("id") ON DELETE CASCADE,
	"source" text DEFAULT 'imap' NOT NULL,
	"imap_uid" bigint,
	"from_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_refusals_mailbox_idx" ON "mail_refusals" ("mailbox_id", "created_at");
--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN IF NOT EXISTS "mail_refused_total" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Campaign unsubscribe links are signed with a key of their own, never shown to anyone (it was
-- the inbound token, which every member sees). gen_random_uuid() is a strong random source.
ALTER TABLE "mailboxes" ADD COLUMN IF NOT EXISTS "unsubscribe_key" text
	DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;
--> statement-breakpoint
-- Links already sent were signed with the inbound token: those mails keep their working link.
ALTER TABLE "mail_sends" ADD COLUMN IF NOT EXISTS "unsubscribe_legacy" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "mail_sends" SET "unsubscribe_legacy" = true
	WHERE "campaign_id" IS NOT NULL AND "status" IN ('sent', 'sending', 'failed');

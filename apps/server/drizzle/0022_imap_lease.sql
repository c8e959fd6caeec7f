-- IMAP receiving (messaging/mail/imap.ts): one poller per mailbox across server processes. The
-- process holding a mailbox renews its lease; a dead process's mailbox is taken up once it lapses.
ALTER TABLE "mailboxes" ADD COLUMN IF NOT EXISTS "imap_lease_holder" text;
--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN IF NOT EXISTS "imap_lease_until" timestamp with time zone;

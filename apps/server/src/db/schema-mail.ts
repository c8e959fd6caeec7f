import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents, messages } from './schema';
import * as col from './columns';

// ---------- the Email channel (messaging/mail/) ----------

/** A server's settings without the password, as the masked JSON keeps them. */
export interface MailServerMasked {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  /** Masked: '••••' + the last 4 characters ('' when none). */
  password: string;
  folder?: string;
}

/**
 * A mailbox of an organization: its address, the agent answering it, its SMTP and IMAP settings
 * (each one JSON secret encrypted with lib/secrets; only masked forms leave the server; null
 * SMTP = the sandbox outbox), the random token of its inbound URL, its autonomy and the IMAP
 * reading cursor (UIDVALIDITY + the last UID read).
 */
export const mailboxes = pgTable(
  'mailboxes',
  {
    ...col.id(),
    ...col.organizationId(),
    emailAddress: text('email_address').notNull(),
    displayName: text('display_name'),
    agentName: text('agent_name').references(() => agents.agentName, { onDelete: 'set null' }),
    description: text('description'),
    agentAssignedAt: col.timestamptz('agent_assigned_at'),
    smtpEncrypted: text('smtp_encrypted'),
    smtpMasked: jsonb('smtp_masked').$type<MailServerMasked>(),
    imapEncrypted: text('imap_encrypted'),
    imapMasked: jsonb('imap_masked').$type<MailServerMasked>(),
    inboundToken: text('inbound_token').notNull(),
    autonomy: text('autonomy').$type<'auto' | 'draft'>().notNull().default('auto'),
    imapUidValidity: bigint('imap_uid_validity', { mode: 'number' }),
    imapLastUid: bigint('imap_last_uid', { mode: 'number' }),
    imapLastCheckedAt: col.timestamptz('imap_last_checked_at'),
    imapLastError: text('imap_last_error'),
    /** The server process reading this mailbox over IMAP (messaging/mail/imap.ts), and until when. */
    imapLeaseHolder: text('imap_lease_holder'),
    imapLeaseUntil: col.timestamptz('imap_lease_until'),
    ...col.lastTest(),
    /** Mails refused since the mailbox was made (unreadable or unstorable: mail_refusals). */
    mailRefusedTotal: integer('mail_refused_total').notNull().default(0),
    /** Signs the mailbox's campaign unsubscribe links; never leaves the server. */
    unsubscribeKey: text('unsubscribe_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    ...col.timestamps(),
  },
  (t) => [
    uniqueIndex('mailboxes_org_email_uq').on(t.organizationId, t.emailAddress),
    uniqueIndex('mailboxes_inbound_token_uq').on(t.inboundToken),
  ],
);

/**
 * The mail fields of a message (one row per message of an 'email' conversation): its
 * Message-ID, In-Reply-To and References (threading), subject, addresses, and why an inbound
 * mail was not answered. A Message-ID is stored once per mailbox (a redelivery is recognised).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    ...mailboxId(),
    ...col.conversationId(),
    rfcMessageId: text('rfc_message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    normalizedSubject: text('normalized_subject').notNull().default(''),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** Why an inbound mail is not answered (auto-reply, bulk, bounce …); null: answerable. */
    notAnswered: text('not_answered'),
    campaignId: uuid('campaign_id'),
    ...col.createdAt(),
  },
  (t) => [
    uniqueIndex('mail_messages_mailbox_rfc_uq').on(t.mailboxId, t.rfcMessageId),
    index('mail_messages_subject_idx').on(t.mailboxId, t.fromAddress, t.normalizedSubject),
    index('mail_messages_conversation_idx').on(t.conversationId),
  ],
);

/** What a mailbox without SMTP settings would have sent (the sandbox outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    ...col.id(),
    ...col.organizationId(),
    mailboxId: uuid('mailbox_id').references(() => mailboxes.id, { onDelete: 'cascade' }),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    rfcMessageId: text('rfc_message_id').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    ...col.createdAt(),
  },
  (t) => [col.organizationCreatedIndex('mail_outbox_org_idx', t)],
);

/**
 * Durable outbound mail that is not an agent's reply: a member's scheduled send and each
 * campaign recipient. pending → sending → sent | failed; 'sending' is never retried
 * automatically (a crash mid-send cannot send twice).
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    ...col.id(),
    ...col.organizationId(),
    ...mailboxId(),
    campaignId: uuid('campaign_id'),
    toAddress: text('to_address').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    /** The message row on the thread (null for a campaign mail until it is sent). */
    messageId: uuid('message_id'),
    rfcMessageId: text('rfc_message_id'),
    status: text('status')
      .$type<'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    dueAt: col.timestamptz('due_at').notNull().defaultNow(),
    lockedAt: col.timestamptz('locked_at'),
    sentAt: col.timestamptz('sent_at'),
    lastError: text('last_error'),
    /** Sent before unsubscribe keys: its link is signed with the inbound token (still honoured). */
    unsubscribeLegacy: boolean('unsubscribe_legacy').notNull().default(false),
    ...col.createdAt(),
  },
  (t) => [
    index('mail_sends_due_idx').on(t.status, t.dueAt),
    col.organizationCreatedIndex('mail_sends_org_created_idx', t),
    uniqueIndex('mail_sends_campaign_to_uq').on(t.campaignId, t.toAddress),
  ],
);

/** A campaign: a from-mailbox, a subject and a body with {{field}} placeholders, a rate. */
export const mailCampaigns = pgTable(
  'mail_campaigns',
  {
    ...col.id(),
    ...col.organizationId(),
    ...mailboxId(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status')
      // 'preparing': its recipients are being inserted (not sent, not listed).
      .$type<'preparing' | 'scheduled' | 'running' | 'paused' | 'cancelled' | 'completed'>()
      .notNull()
      .default('scheduled'),
    ratePerMinute: integer('rate_per_minute').notNull().default(30),
    startAt: col.timestamptz('start_at').notNull().defaultNow(),
    total: integer('total').notNull().default(0),
    /** Where this server is reached (PUBLIC_URL or the creating request's origin): unsubscribe links. */
    baseUrl: text('base_url').notNull().default(''),
    skipped: jsonb('skipped')
      .$type<{ duplicates: number; unsubscribed: number; bounced: number }>()
      .notNull()
      .default({ duplicates: 0, unsubscribed: 0, bounced: 0 }),
    ...col.timestamps(),
  },
  (t) => [col.organizationCreatedIndex('mail_campaigns_org_idx', t)],
);

/** Addresses an organization never mails again from a campaign: unsubscribed or bounced. */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    ...col.organizationId(),
    emailAddress: text('email_address').notNull(),
    reason: text('reason').$type<'unsubscribed' | 'bounced'>().notNull(),
    campaignId: uuid('campaign_id'),
    ...col.createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.emailAddress] })],
);

/**
 * A mail a mailbox could not take (too many parts, nested too deep, headers too large, or it
 * could not be stored): what is known of it and why. The IMAP reader moves past it.
 */
export const mailRefusals = pgTable(
  'mail_refusals',
  {
    ...col.id(),
    ...col.organizationId(),
    ...mailboxId(),
    source: text('source').$type<'imap'>().notNull().default('imap'),
    imapUid: bigint('imap_uid', { mode: 'number' }),
    fromAddress: text('from_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    sizeBytes: integer('size_bytes').notNull().default(0),
    reason: text('reason').notNull(),
    ...col.createdAt(),
  },
  (t) => [index('mail_refusals_mailbox_idx').on(t.mailboxId, t.createdAt)],
);

/** `mailbox_id uuid NOT NULL REFERENCES mailboxes ON DELETE CASCADE`. */
function mailboxId() {
  return {
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
  };
}

import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents, messages } from './schema';
import * as col from './columns';

// ---------- telephony: numbers, outbox, webhook events; per-organization integrations ----------

/**
 * A phone number of an organization, synced from its telephony provider (sandbox or twilio).
 * `agentName` is the assigned agent (null = available). `providerAccount` is the provider's
 * account (Twilio Account SID; 'sandbox'), so an inbound webhook finds the number it called.
 */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    ...col.id(),
    ...col.organizationId(),
    provider: text('provider').notNull(),
    providerAccount: text('provider_account').notNull(),
    providerId: text('provider_id').notNull(),
    phoneNumber: text('phone_number').notNull(),
    friendlyName: text('friendly_name').notNull().default(''),
    voiceEnabled: boolean('voice_enabled').notNull().default(false),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    whatsappEnabled: boolean('whatsapp_enabled').notNull().default(false),
    inboundEnabled: boolean('inbound_enabled').notNull().default(true),
    outboundEnabled: boolean('outbound_enabled').notNull().default(true),
    /** One agent per channel (voice, SMS, WhatsApp), each assigned and unassigned on its own. */
    voiceAgentName: text('voice_agent_name').references(() => agents.agentName, {
      onDelete: 'set null',
    }),
    voiceAssignedAt: col.timestamptz('voice_assigned_at'),
    smsAgentName: text('sms_agent_name').references(() => agents.agentName, {
      onDelete: 'set null',
    }),
    smsAssignedAt: col.timestamptz('sms_assigned_at'),
    whatsappAgentName: text('whatsapp_agent_name').references(() => agents.agentName, {
      onDelete: 'set null',
    }),
    whatsappAssignedAt: col.timestamptz('whatsapp_assigned_at'),
    /**
     * The number belongs to a provider account several organizations may sync (the operator's
     * TWILIO_*, PARLEY_SANDBOX_NUMBERS): one organization at a time holds it (see the index).
     */
    shared: boolean('shared').notNull().default(false),
    ...col.timestamps(),
  },
  (t) => [
    uniqueIndex('phone_numbers_org_provider_number_uq').on(
      t.organizationId,
      t.provider,
      t.phoneNumber,
    ),
    index('phone_numbers_lookup_idx').on(t.provider, t.providerAccount, t.phoneNumber),
    // A shared number is held by one organization at a time: the first to assign any channel.
    // Enforced by the database, so two processes racing for it cannot both win.
    uniqueIndex('phone_numbers_shared_holder_uq')
      .on(t.provider, t.providerAccount, t.phoneNumber)
      .where(
        sql`${t.shared} and (${t.voiceAgentName} is not null or ${t.smsAgentName} is not null or ${t.whatsappAgentName} is not null)`,
      ),
  ],
);

/** What the sandbox provider would have sent (SMS, WhatsApp, calls), shown in the console. */
export const telephonyOutbox = pgTable(
  'telephony_outbox',
  {
    ...col.id(),
    ...col.organizationId(),
    kind: text('kind').$type<'sms' | 'whatsapp' | 'call'>().notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body'),
    providerMessageId: text('provider_message_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    ...col.createdAt(),
  },
  (t) => [col.organizationCreatedIndex('telephony_outbox_org_idx', t)],
);

/** Provider events already processed (a webhook delivered twice is processed once). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    organizationId: text('organization_id'),
    /** What processing produced (e.g. the conversation and the answer), replayed on a duplicate. */
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
    ...col.createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_uq').on(t.provider, t.eventId)],
);

/**
 * Credentials an organization gives a provider (twilio, openai, elevenlabs, cartesia, deepgram …):
 * one JSON secret per provider, encrypted (lib/secrets.ts); only masked forms leave the server.
 * `accountId` is the provider's non-secret account id where webhooks must find the organization.
 */
export const integrations = pgTable(
  'integrations',
  {
    ...col.id(),
    ...col.organizationId(),
    provider: text('provider').notNull(),
    credentialsEncrypted: text('credentials_encrypted').notNull(),
    /** Field → masked value (last 4), computed when saved. */
    masked: jsonb('masked').$type<Record<string, string>>().notNull().default({}),
    accountId: text('account_id'),
    ...col.lastTest(),
    ...col.timestamps(),
  },
  (t) => [
    uniqueIndex('integrations_org_provider_uq').on(t.organizationId, t.provider),
    index('integrations_account_idx').on(t.provider, t.accountId),
  ],
);

/**
 * Durable agent replies on the message channels (SMS, WhatsApp): one row per inbound message that
 * the agent answers (unique, so a webhook delivered twice queues one reply), claimed with
 * FOR UPDATE SKIP LOCKED. pending → running (the answer is generated) → sending → sent; a failed
 * send goes back to pending until `maxAttempts`; 'sending' is never retried automatically, so a
 * crash mid-send cannot send the same reply twice.
 */
export const messageReplies = pgTable(
  'message_replies',
  {
    ...col.id(),
    ...col.organizationId(),
    inboundMessageId: uuid('inbound_message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    ...col.conversationId(),
    channel: text('channel').$type<'sms' | 'whatsapp' | 'email'>().notNull(),
    /** Our number (sender of the reply) and the person's (its recipient), E.164 (email: addresses). */
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    status: text('status')
      .$type<'pending' | 'running' | 'sending' | 'sent' | 'failed' | 'skipped'>()
      .notNull()
      .default('pending'),
    ...col.jobLease(),
    nextAttemptAt: col.timestamptz('next_attempt_at').notNull().defaultNow(),
    /**
     * The inbound message as written, while the stored one is redacted or empty (privacy
     * storage modes): the model's input, cleared once the answer is generated.
     */
    queryText: text('query_text'),
    /**
     * E-mail: the inbound mail's subject as written, while the stored one is redacted or empty:
     * the reply's 'Re: …', cleared once the reply is sent or given up.
     */
    subjectText: text('subject_text'),
    /** The agent's answer once generated (kept across send retries, so it is generated once). */
    replyMessageId: uuid('reply_message_id'),
    replyText: text('reply_text'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    ...col.timestamps(),
  },
  (t) => [
    uniqueIndex('message_replies_inbound_uq').on(t.inboundMessageId),
    index('message_replies_due_idx').on(t.status, t.nextAttemptAt),
    // A conversation's reply being generated or sent (the claim keeps a thread in order).
    index('message_replies_active_idx')
      .on(t.conversationId)
      .where(sql`${t.status} IN ('running', 'sending')`),
  ],
);

/** A person who sent STOP (or UNSUBSCRIBE …) to one of our numbers: no replies or sends until START. */
export const messagingOptOuts = pgTable(
  'messaging_opt_outs',
  {
    ...col.organizationId(),
    channel: text('channel').$type<'sms' | 'whatsapp'>().notNull(),
    ourNumber: text('our_number').notNull(),
    endUser: text('end_user').notNull(),
    keyword: text('keyword').notNull(),
    ...col.createdAt(),
  },
  (t) => [
    uniqueIndex('messaging_opt_outs_uq').on(t.organizationId, t.channel, t.ourNumber, t.endUser),
  ],
);

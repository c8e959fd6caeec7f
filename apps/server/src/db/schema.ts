import { sql } from 'drizzle-orm';
import {
  customType,
  boolean,
  primaryKey,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ToolStep } from './schema-tools';
import type { AgentSnapshot } from './schema-versions';
import type { OutcomePlan } from '@parley/api-client';

// ---------- better-auth tables (user, session, account, verification) + organization plugin ----------
// Property names are better-auth's field names; columns are snake_case.

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    activeOrganizationId: text('active_organization_id'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const organization = pgTable('organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const member = pgTable(
  'member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_org_user_uq').on(t.organizationId, t.userId),
    index('member_user_idx').on(t.userId),
  ],
);

export const invitation = pgTable('invitation', {
  id: text('id').primaryKey(),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role'),
  status: text('status').notNull().default('pending'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  inviterId: text('inviter_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------- Parley: agents and their apps ----------

/** One agent per row; `agent_name` is the spec's agent id (prefix_uuid). Org-scoped. */
export const agents = pgTable(
  'agents',
  {
    agentName: text('agent_name').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name'),
    description: text('description'),
    status: text('status').notNull().default('draft'),
    chatbotApi: text('chatbot_api'),
    chatbotKey: text('chatbot_key'),
    ttsConfig: jsonb('tts_config'),
    sttConfig: jsonb('stt_config'),
    initialMessage: text('initial_message'),
    nudgeText: text('nudge_text'),
    nudgeInterval: integer('nudge_interval'),
    maxNudges: integer('max_nudges'),
    typingVolume: real('typing_volume'),
    maxCallDuration: integer('max_call_duration'),
    systemPrompt: text('system_prompt'),
    modelProvider: text('model_provider'),
    modelName: text('model_name'),
    modelApiKey: text('model_api_key'),
    modelLiveUrl: text('model_live_url'),
    /** Knowledge bases the agent retrieves from (model-config's dataset_configs.datasets). */
    knowledgeBaseIds: jsonb('knowledge_base_ids').$type<string[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Sites allowed to use the widgets/runtime with this agent's key (empty = any). */
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
    /** 'Let visitors receive e-mails/texts': a web visitor may have the send tools write to them. */
    visitorSends: boolean('visitor_sends').notNull().default(false),
    /** The live version's number and snapshot (null until the first publish; docs/versions.md). */
    liveVersion: integer('live_version'),
    liveSnapshot: jsonb('live_snapshot').$type<AgentSnapshot>(),
    /** 'Talk to a person': the widget and the public page offer the visitor a person. */
    talkToPerson: boolean('talk_to_person').notNull().default(true),
    /** The agent's own storage mode and redacted kinds (null: the organization's; privacy/storage.ts). */
    storageMode: text('storage_mode').$type<'full' | 'redacted' | 'metadata_only'>(),
    redactCategories: jsonb('redact_categories').$type<string[]>(),
    /** Said or sent first on voice, SMS, WhatsApp and e-mail (null: none; privacy/disclosure.ts). */
    disclosure: text('disclosure'),
    /** A call asks the caller's consent to be transcribed; a refusal stores nothing of the call. */
    transcriptionConsent: boolean('transcription_consent').notNull().default(false),
    /** The draft's outcome plan (docs/outcomes.md); null: none. A version keeps its own in its snapshot. */
    analysisPlan: jsonb('analysis_plan').$type<OutcomePlan>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agents_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** The remote "app" of an agent (the spec's app service): a key `app-…` and a UUID id. */
export const apps = pgTable(
  'apps',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    appKey: text('app_key').notNull().unique(),
    agentName: text('agent_name').notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    modelProvider: text('model_provider').notNull(),
    modelName: text('model_name').notNull(),
    agentType: text('agent_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('apps_org_agent_uq').on(t.organizationId, t.agentName)],
);

/** A chat between an end user and an agent (the runtime's conversation_id). */
/** Channels a conversation can run on: one model for every channel (ARCHITECTURE §3). */
export const conversationChannels = ['chat', 'voice', 'sms', 'whatsapp', 'email'] as const;
export type ConversationChannel = (typeof conversationChannels)[number];

/**
 * One conversation of an agent on one channel with one other party: a chat visitor (the
 * runtime's `user`), a caller, an SMS/WhatsApp sender or an e-mail correspondent (`endUser` is
 * their address: user id, E.164 number, e-mail). `agentAddress` is our side on channels that
 * have one (the called or messaged number, the mailbox). Voice calls also record how they ended.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Null for a message channel thread on a number no agent answers (stored, not answered). */
    agentName: text('agent_name').references(() => agents.agentName, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    channel: text('channel').$type<ConversationChannel>().notNull().default('chat'),
    endUser: text('end_user').notNull(),
    agentAddress: text('agent_address'),
    /**
     * When the conversation ended: a call hung up; a message channel's went quiet (idle) or a member
     * closed it. Null while open; a later message reopens a message channel's (drizzle/0037).
     */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Who or what ended it: caller, agent, max_duration, nudges, error; idle, member. */
    endedBy: text('ended_by'),
    endReason: text('end_reason'),
    /** A call's agent version ('1', '2' … or 'draft': the console's test call). */
    agentVersion: text('agent_version'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The newest message's time, kept by a trigger on every message (drizzle/0037): a chat, SMS,
     * WhatsApp or e-mail conversation quiet for PARLEY_CONVERSATION_IDLE_SECONDS ends.
     */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_agent_idx').on(t.agentName, t.updatedAt),
    index('conversations_org_channel_idx').on(t.organizationId, t.channel, t.updatedAt),
    index('conversations_org_updated_idx').on(t.organizationId, t.updatedAt),
  ],
);

/**
 * A message of a conversation. `role` is the model's view (user / assistant); `direction` and
 * `author` the channel's (inbound from the other party, outbound from the agent or a member).
 * `providerMessageId` is unique per provider, so a webhook delivered twice is stored once.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    offline: boolean('offline').notNull().default(false),
    error: text('error'),
    direction: text('direction').$type<'inbound' | 'outbound'>(),
    author: text('author').$type<'visitor' | 'agent' | 'member'>(),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    status: text('status'),
    /** Per-message figures, e.g. a voice turn's latency (end of speech → first audio, ms). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** The tool calls of an agent's answer (runtime/tools), null when it called none. */
    toolSteps: jsonb('tool_steps').$type<ToolStep[]>(),
    /** The agent version that wrote an answer ('1', '2' … or 'draft'); null otherwise. */
    agentVersion: text('agent_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('messages_provider_id_idx').on(t.provider, t.providerMessageId),
  ],
);

// ---------- knowledge bases ----------

/** PostgreSQL full-text vector. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const knowledgeBases = pgTable(
  'knowledge_bases',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    indexingTechnique: text('indexing_technique').notNull().default('high_quality'),
    permission: text('permission').notNull().default('only_me'),
    chunkSettings: jsonb('chunk_settings').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_bases_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * The members a `partial_members` base is shared with, besides its creator (drizzle/0014). Keyed by
 * membership: removing someone from the organization removes them here too.
 */
export const knowledgeBaseMembers = pgTable(
  'knowledge_base_members',
  {
    knowledgeBaseId: uuid('knowledge_base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'knowledge_base_members_pk', columns: [t.knowledgeBaseId, t.memberId] }),
    index('knowledge_base_members_member_idx').on(t.memberId),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    knowledgeBaseId: uuid('knowledge_base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    name: text('name').notNull(),
    sourceType: text('source_type').notNull(),
    sourceUrl: text('source_url'),
    /** Text as submitted, or the extracted text of a file (kept so reindexing needs no re-upload). */
    content: text('content'),
    mimeType: text('mime_type'),
    status: text('status').notNull().default('indexing'),
    error: text('error'),
    enabled: boolean('enabled').notNull().default(true),
    wordCount: integer('word_count').notNull().default(0),
    indexingTechnique: text('indexing_technique').notNull(),
    chunkSettings: jsonb('chunk_settings').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_kb_idx').on(t.knowledgeBaseId, t.createdAt)],
);

/**
 * Passages. Stored with fillfactor 80 (migration 0011, not expressible here): hit-count updates
 * stay HOT, so they never grow the GIN index's pending list that full-text queries scan.
 */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    knowledgeBaseId: uuid('knowledge_base_id').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    wordCount: integer('word_count').notNull(),
    hitCount: integer('hit_count').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** The headings above the passage, 'Document › Section › Subsection' (issue 31). */
    headingPath: text('heading_path').notNull().default(''),
    /**
     * Parsed once at write time, so ranking never re-parses the text; the heading path's words
     * first, with weight A (migration 0018).
     */
    tsv: tsvector('tsv').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', heading_path), 'A') || to_tsvector('english', content)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('segments_document_idx').on(t.documentId, t.position),
    index('segments_kb_idx').on(t.knowledgeBaseId),
    index('segments_tsv_idx').using('gin', t.tsv),
  ],
);

/** Durable ingestion: one row per pending (re)index, claimed with FOR UPDATE SKIP LOCKED. */
export const ingestionJobs = pgTable(
  'ingestion_jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ingestion_jobs_status_idx').on(t.status, t.createdAt)],
);

export const knowledgeApiKeys = pgTable('knowledge_api_keys', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  knowledgeBaseId: uuid('knowledge_base_id')
    .notNull()
    .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
  organizationId: text('organization_id').notNull(),
  name: text('name').notNull(),
  /** sha256 of the token, for lookup; the token itself is stored encrypted for the Copy button. */
  tokenHash: text('token_hash').notNull().unique(),
  tokenEncrypted: text('token_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

// ---------- telephony: numbers, outbox, webhook events; per-organization integrations ----------

/**
 * A phone number of an organization, synced from its telephony provider (sandbox or twilio).
 * `agentName` is the assigned agent (null = available). `providerAccount` is the provider's
 * account (Twilio Account SID; 'sandbox'), so an inbound webhook finds the number it called.
 */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
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
    voiceAssignedAt: timestamp('voice_assigned_at', { withTimezone: true }),
    smsAgentName: text('sms_agent_name').references(() => agents.agentName, {
      onDelete: 'set null',
    }),
    smsAssignedAt: timestamp('sms_assigned_at', { withTimezone: true }),
    whatsappAgentName: text('whatsapp_agent_name').references(() => agents.agentName, {
      onDelete: 'set null',
    }),
    whatsappAssignedAt: timestamp('whatsapp_assigned_at', { withTimezone: true }),
    /**
     * The number belongs to a provider account several organizations may sync (the operator's
     * TWILIO_*, PARLEY_SANDBOX_NUMBERS): one organization at a time holds it (see the index).
     */
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'sms' | 'whatsapp' | 'call'>().notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body'),
    providerMessageId: text('provider_message_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telephony_outbox_org_idx').on(t.organizationId, t.createdAt)],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    credentialsEncrypted: text('credentials_encrypted').notNull(),
    /** Field → masked value (last 4), computed when saved. */
    masked: jsonb('masked').$type<Record<string, string>>().notNull().default({}),
    accountId: text('account_id'),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    lastTestOk: boolean('last_test_ok'),
    lastTestMessage: text('last_test_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    inboundMessageId: uuid('inbound_message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'sms' | 'whatsapp' | 'email'>().notNull(),
    /** Our number (sender of the reply) and the person's (its recipient), E.164 (email: addresses). */
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    status: text('status')
      .$type<'pending' | 'running' | 'sending' | 'sent' | 'failed' | 'skipped'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The inbound message as written, while the stored one is redacted or empty (privacy
     * storage modes): the model's input, cleared once the answer is generated.
     */
    queryText: text('query_text'),
    /** The agent's answer once generated (kept across send retries, so it is generated once). */
    replyMessageId: uuid('reply_message_id'),
    replyText: text('reply_text'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'sms' | 'whatsapp'>().notNull(),
    ourNumber: text('our_number').notNull(),
    endUser: text('end_user').notNull(),
    keyword: text('keyword').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messaging_opt_outs_uq').on(t.organizationId, t.channel, t.ourNumber, t.endUser),
  ],
);

// ---------- scheduled outbound calls (scheduling/) ----------

/** One attempt of a scheduled call, as the event's `attempts` list carries it (newest last). */
export interface ScheduledAttempt {
  attempt: number;
  started_at: string;
  ended_at: string | null;
  /** answered, voicemail, no-answer, busy, failed; null while the call runs. */
  outcome: string | null;
  provider_call_id: string | null;
  duration_s: number | null;
  conversation_id: string | null;
  /** Why an attempt failed before or at the provider (its error), when known. */
  error?: string | null;
}

/**
 * A scheduled outbound call; the row is the job. scheduled → in_progress → completed | failed |
 * expired | cancelled. A process claims a due row (FOR UPDATE SKIP LOCKED) and holds it with a
 * lease (`leaseUntil`) while it checks the guards and dials; once the provider has the call the
 * lease is released and the call's outcome arrives by webhook (or the sandbox's finish time,
 * `callDeadline`). A lease left by a dead process is taken up once it has passed.
 */
export const scheduledEvents = pgTable(
  'scheduled_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentName: text('agent_name')
      .notNull()
      .references(() => agents.agentName, { onDelete: 'cascade' }),
    callType: text('call_type').notNull().default('outbound_call'),
    recipientPhone: text('recipient_phone').notNull(),
    scheduledTime: timestamp('scheduled_time', { withTimezone: true }).notNull(),
    flexibleTimeMinutes: integer('flexible_time_minutes').notNull().default(0),
    maxRetries: integer('max_retries').notNull().default(3),
    messageTemplate: text('message_template'),
    status: text('status')
      .$type<'scheduled' | 'in_progress' | 'completed' | 'failed' | 'expired' | 'cancelled'>()
      .notNull()
      .default('scheduled'),
    /** Why the event is where it is (waiting for the window, on the do-not-call list …). */
    statusReason: text('status_reason'),
    /** When the next attempt is due. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The claim: which process holds the row and until when. */
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** A dialled call's end at the latest (the sandbox's finish; a missing status callback). */
    callDeadline: timestamp('call_deadline', { withTimezone: true }),
    /** The sandbox's outcome for the running call (applied at `callDeadline`). */
    pendingOutcome: text('pending_outcome'),
    /** The provider's id of the running call (webhooks find the event by it). */
    currentCallId: text('current_call_id'),
    /** Answering-machine detection's answer for the running call ('human', 'machine' …). */
    answeredBy: text('answered_by'),
    attempts: jsonb('attempts').$type<ScheduledAttempt[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_events_due_idx').on(t.status, t.nextAttemptAt),
    index('scheduled_events_org_idx').on(t.organizationId, t.createdAt),
    index('scheduled_events_call_idx').on(t.currentCallId),
  ],
);

/**
 * An organization's dialling settings and circuit breaker: the calling window (recipient's local
 * time, "HH:MM"), the cap on simultaneous calls, the last attempts' provider failures (newest
 * last, at most 10) and, when the breaker tripped, since when dialling is paused.
 */
export const schedulingSettings = pgTable('scheduling_settings', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  callingWindowStart: text('calling_window_start').notNull().default('08:00'),
  callingWindowEnd: text('calling_window_end').notNull().default('21:00'),
  maxConcurrentCalls: integer('max_concurrent_calls').notNull().default(5),
  recentFailures: jsonb('recent_failures').$type<boolean[]>().notNull().default([]),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  pausedReason: text('paused_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Numbers an organization never calls (checked right before every dial). */
export const doNotCall = pgTable(
  'do_not_call',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('do_not_call_uq').on(t.organizationId, t.phoneNumber)],
);

/** The sandbox's outcome for calls to a number (the Outbound tab's sandbox control). */
export const sandboxCallOutcomes = pgTable(
  'sandbox_call_outcomes',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    outcome: text('outcome').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_call_outcomes_uq').on(t.organizationId, t.phoneNumber)],
);

/**
 * Rate-limit counts shared by the server processes on one PostgreSQL (lib/rateLimitStore.ts):
 * a fixed window per limit and key. The table is UNLOGGED (migration 0020).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

export * from './schema-mail';
export * from './schema-inbox';
export * from './schema-evals';
export * from './schema-tools';
export * from './schema-analytics';
export * from './schema-webhooks';
export * from './schema-versions';
export * from './schema-apikeys';
export * from './schema-privacy';
export * from './schema-handoff';
export * from './schema-outcomes';

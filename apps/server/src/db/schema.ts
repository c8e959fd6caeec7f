import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ToolStep } from './schema-tools';
import type { AgentSnapshot } from './schema-versions';
import type { OutcomePlan } from '@parley/api-client';
import * as col from './columns';

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
  ...col.timestamps(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: col.timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...col.timestamps(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...col.userId(),
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
    ...col.userId(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: col.timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: col.timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...col.timestamps(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: col.timestamptz('expires_at').notNull(),
  ...col.timestamps(),
});

export const organization = pgTable('organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  ...col.createdAt(),
});

export const member = pgTable(
  'member',
  {
    id: text('id').primaryKey(),
    ...col.organizationId(),
    ...col.userId(),
    role: text('role').notNull().default('member'),
    ...col.createdAt(),
  },
  (t) => [
    uniqueIndex('member_org_user_uq').on(t.organizationId, t.userId),
    index('member_user_idx').on(t.userId),
  ],
);

export const invitation = pgTable('invitation', {
  id: text('id').primaryKey(),
  ...col.organizationId(),
  email: text('email').notNull(),
  role: text('role'),
  status: text('status').notNull().default('pending'),
  expiresAt: col.timestamptz('expires_at').notNull(),
  inviterId: text('inviter_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  ...col.createdAt(),
});

// ---------- Parley: agents and their apps ----------

/** One agent per row; `agent_name` is the spec's agent id (prefix_uuid). Org-scoped. */
export const agents = pgTable(
  'agents',
  {
    agentName: text('agent_name').primaryKey(),
    ...col.organizationId(),
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
    publishedAt: col.timestamptz('published_at'),
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
    ...col.timestamps(),
  },
  (t) => [col.organizationCreatedIndex('agents_org_created_idx', t)],
);

/** The remote "app" of an agent (the spec's app service): a key `app-…` and a UUID id. */
export const apps = pgTable(
  'apps',
  {
    ...col.id(),
    appKey: text('app_key').notNull().unique(),
    agentName: text('agent_name').notNull(),
    ...col.organizationId(),
    modelProvider: text('model_provider').notNull(),
    modelName: text('model_name').notNull(),
    agentType: text('agent_type').notNull(),
    ...col.createdAt(),
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
    ...col.id(),
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
    endedAt: col.timestamptz('ended_at'),
    /** Who or what ended it: caller, agent, max_duration, nudges, error; idle, member. */
    endedBy: text('ended_by'),
    endReason: text('end_reason'),
    /** A call's agent version ('1', '2' … or 'draft': the console's test call). */
    agentVersion: text('agent_version'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...col.timestamps(),
    /**
     * The newest message's time, kept by a trigger on every message (drizzle/0037): a chat, SMS,
     * WhatsApp or e-mail conversation quiet for PARLEY_CONVERSATION_IDLE_SECONDS ends.
     */
    lastMessageAt: col.timestamptz('last_message_at').notNull().defaultNow(),
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
    ...col.id(),
    ...col.conversationId(),
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
    /** The tool calls of an agent's answer (tools/), null when it called none. */
    toolSteps: jsonb('tool_steps').$type<ToolStep[]>(),
    /** The agent version that wrote an answer ('1', '2' … or 'draft'); null otherwise. */
    agentVersion: text('agent_version'),
    ...col.createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('messages_provider_id_idx').on(t.provider, t.providerMessageId),
  ],
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
    resetAt: col.timestamptz('reset_at').notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

export * from './schema-knowledge';
export * from './schema-telephony';
export * from './schema-scheduling';
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

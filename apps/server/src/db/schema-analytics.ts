import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { messages } from './schema';
import * as col from './columns';

// ---------- the agents' analytics rollup (conversations/analytics.ts; migration 0021) ----------
// Kept by triggers on messages and conversations in the transaction that writes them; never
// written by the application.

/** Per conversation and UTC hour with messages: its messages, the agent's answers, those without error. */
export const analyticsHours = pgTable(
  'analytics_hours',
  {
    ...col.conversationId(),
    hour: col.timestamptz('hour').notNull(),
    agentName: text('agent_name'),
    channel: text('channel').notNull(),
    messages: integer('messages').notNull().default(0),
    agentAnswers: integer('agent_answers').notNull().default(0),
    answeredOk: integer('answered_ok').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'analytics_hours_pk', columns: [t.conversationId, t.hour] }),
    index('analytics_hours_agent_idx').on(t.agentName, t.hour),
  ],
);

/** Per message with a figure (time to first token, voice latency) or an answer that did not answer. */
export const analyticsTurns = pgTable(
  'analytics_turns',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').notNull(),
    agentName: text('agent_name'),
    channel: text('channel').notNull(),
    at: col.timestamptz('at').notNull(),
    ttftMs: doublePrecision('ttft_ms'),
    voiceMs: doublePrecision('voice_ms'),
    /** error, offline, no_passages, or null. */
    unanswered: text('unanswered'),
  },
  (t) => [
    index('analytics_turns_agent_idx').on(t.agentName, t.at),
    index('analytics_turns_conversation_idx').on(t.conversationId),
  ],
);

// ---------- the agents' rollups (migration 0023), kept from the two above by their triggers ----------

/** Per agent, channel and UTC hour: conversations with messages then, the counts, and `ending`
 * (the conversations whose last hour with messages is this one). */
export const analyticsAgentHours = pgTable(
  'analytics_agent_hours',
  {
    agentName: text('agent_name').notNull(),
    channel: text('channel').notNull(),
    hour: col.timestamptz('hour').notNull(),
    conversations: integer('conversations').notNull().default(0),
    messages: integer('messages').notNull().default(0),
    agentAnswers: integer('agent_answers').notNull().default(0),
    answeredOk: integer('answered_ok').notNull().default(0),
    ending: integer('ending').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'analytics_agent_hours_pk', columns: [t.agentName, t.hour, t.channel] }),
  ],
);

/** Per agent, channel and UTC day: the conversations with messages that day. */
export const analyticsAgentDays = pgTable(
  'analytics_agent_days',
  {
    agentName: text('agent_name').notNull(),
    channel: text('channel').notNull(),
    day: col.timestamptz('day').notNull(),
    conversations: integer('conversations').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'analytics_agent_days_pk', columns: [t.agentName, t.day, t.channel] }),
  ],
);

/** Per agent, kind, 16 ms bucket (ms >> 4) and UTC day: how many answers had each whole number
 * of ms of model time to first token (`ttft`) or of a call turn's end of speech → first audio
 * (`voice`). */
export const analyticsAgentMs = pgTable(
  'analytics_agent_ms',
  {
    agentName: text('agent_name').notNull(),
    kind: text('kind').notNull(),
    bucket: integer('bucket').notNull(),
    day: col.timestamptz('day').notNull(),
    ms: integer('ms').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'analytics_agent_ms_pk',
      columns: [t.agentName, t.kind, t.bucket, t.day, t.ms],
    }),
  ],
);

/** The same per agent, UTC day, kind and bucket only (where a period's ranks fall). */
export const analyticsAgentMsBuckets = pgTable(
  'analytics_agent_ms_buckets',
  {
    agentName: text('agent_name').notNull(),
    day: col.timestamptz('day').notNull(),
    kind: text('kind').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'analytics_agent_ms_buckets_pk',
      columns: [t.agentName, t.day, t.kind, t.bucket],
    }),
  ],
);

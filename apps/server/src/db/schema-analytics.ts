import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversations, messages } from './schema';

// ---------- the agents' analytics rollup (conversations/analytics.ts; migration 0021) ----------
// Kept by triggers on messages and conversations in the transaction that writes them; never
// written by the application.

/** Per conversation and UTC hour with messages: its messages, the agent's answers, those without error. */
export const analyticsHours = pgTable(
  'analytics_hours',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
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
    at: timestamp('at', { withTimezone: true }).notNull(),
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

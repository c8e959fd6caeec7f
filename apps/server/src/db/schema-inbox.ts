import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import * as col from './columns';

// ---------- conversations: human takeover, read marks (conversations/) ----------

/**
 * A member holding a conversation (human takeover): while the row exists the agent answers in it
 * on no channel. One row per conversation; release deletes it.
 */
export const conversationHolds = pgTable('conversation_holds', {
  ...col.conversationKey(),
  organizationId: text('organization_id').notNull(),
  userId: text('user_id').notNull(),
  userName: text('user_name').notNull(),
  heldAt: col.timestamptz('held_at').notNull().defaultNow(),
});

/**
 * What happened to a conversation besides its messages: 'takeover' and 'release', by whom
 * (the analytics' handoffs are counted from these rows).
 */
export const conversationEvents = pgTable(
  'conversation_events',
  {
    ...col.id(),
    ...col.conversationId(),
    organizationId: text('organization_id').notNull(),
    agentName: text('agent_name'),
    kind: text('kind').$type<'takeover' | 'release'>().notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    ...col.createdAt(),
  },
  (t) => [
    index('conversation_events_agent_idx').on(t.agentName, t.createdAt),
    index('conversation_events_conversation_idx').on(t.conversationId, t.createdAt),
  ],
);

/** When a member last opened a conversation (the inbox's unread marks). */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    userId: text('user_id').notNull(),
    ...col.conversationId(),
    seenAt: col.timestamptz('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './schema';

// ---------- conversations: human takeover, read marks (conversations/) ----------

/**
 * A member holding a conversation (human takeover): while the row exists the agent answers in it
 * on no channel. One row per conversation; release deletes it.
 */
export const conversationHolds = pgTable('conversation_holds', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  organizationId: text('organization_id').notNull(),
  userId: text('user_id').notNull(),
  userName: text('user_name').notNull(),
  heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What happened to a conversation besides its messages: 'takeover' and 'release', by whom
 * (the analytics' handoffs are counted from these rows).
 */
export const conversationEvents = pgTable(
  'conversation_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    agentName: text('agent_name'),
    kind: text('kind').$type<'takeover' | 'release'>().notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

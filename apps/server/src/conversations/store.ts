import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { conversations, messages } from '../db/schema';

/**
 * The one conversation writer: every channel opens its conversations and appends their messages
 * here (but the chat runtime's group commit, runtime/turnWriter.ts, which writes a turn's
 * conversations and messages in its one statement in the same order); test/rooms.test.ts fails
 * on any other insert into `messages`. An insert fires the conversation triggers (analytics
 * counters, the `conversation.started` webhook event and the message events), so a conversation
 * is always opened and written the same way whatever the channel.
 *
 * The locking order that avoids the deadlock: a transaction that writes messages on existing
 * conversations locks those conversation rows first (in id order, `lockConversations`), then
 * inserts its messages (whose triggers update the organization's analytics counters), then
 * touches `updated_at`. The chat runtime locks its conversation before it inserts its messages
 * too; a writer that took the counters first and the conversation after could deadlock with it.
 */

export type NewConversation = typeof conversations.$inferInsert;
/** A message's values (a column may be SQL: the conversation's agent version, the clock). */
export type NewMessage = PgInsertValue<typeof messages>;

type Writer = Pick<Db, 'select' | 'insert' | 'update'>;

/** Locks conversation rows in id order (see above) before their messages are written. */
export async function lockConversations(tx: Writer, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(inArray(conversations.id, [...new Set(ids)]))
    .orderBy(conversations.id)
    .for('update');
}

/** New conversations, in one insert; returns each one's id, visitor and metadata in order. */
export async function createConversations(tx: Writer, rows: readonly NewConversation[]) {
  if (!rows.length) return [];
  return tx
    .insert(conversations)
    .values([...rows])
    .returning({
      id: conversations.id,
      endUser: conversations.endUser,
      metadata: conversations.metadata,
    });
}

/**
 * Opens a conversation: the one `find` returns (locked, so messages written on it after go in
 * turn), else a new one with `values`. Without `find` it always opens a new one (a call).
 */
export async function openConversation(
  tx: Writer,
  values: NewConversation,
  find?: () => Promise<string | null | undefined>,
): Promise<{ id: string; created: boolean }> {
  const found = find ? await find() : null;
  if (found) {
    await lockConversations(tx, [found]);
    return { id: found, created: false };
  }
  const [row] = await createConversations(tx, [values]);
  return { id: row!.id, created: true };
}

export interface AppendOptions {
  /** The time `updated_at` is set to (default: the database's clock, `now()`). */
  now?: Date | SQL;
  /** `false`: the caller holds the conversations' rows already (it opened or locked them). */
  lock?: boolean;
  /** A message already stored (its provider's id) is not stored again, and not returned. */
  ignoreDuplicate?: boolean;
}

/** A stored message: its id, conversation, provider id (if any) and time. */
export interface AppendedMessage {
  id: string;
  conversationId: string;
  providerMessageId: string | null;
  createdAt: Date;
}

/**
 * Appends messages, one or many (a provider's batch), in the locking order: their conversation
 * rows (in id order), then the messages in one insert (whose triggers count them and write the
 * conversation events in this transaction), then each conversation's `updated_at`. The content
 * is stored as given: the caller applied the storage mode (privacy/storage.ts). Returns the
 * stored messages in order (without the duplicates `ignoreDuplicate` passed over).
 */
export async function appendMessages(
  tx: Writer,
  rows: readonly (NewMessage & { conversationId: string })[],
  options: AppendOptions = {},
): Promise<AppendedMessage[]> {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => r.conversationId))];
  if (options.lock !== false) await lockConversations(tx, ids);
  const insert = tx.insert(messages).values([...rows]);
  const stored = await (options.ignoreDuplicate ? insert.onConflictDoNothing() : insert).returning({
    id: messages.id,
    conversationId: messages.conversationId,
    providerMessageId: messages.providerMessageId,
    createdAt: messages.createdAt,
  });
  if (!stored.length) return [];
  await tx
    .update(conversations)
    .set({ updatedAt: options.now ?? sql`now()` })
    .where(inArray(conversations.id, [...new Set(stored.map((r) => r.conversationId))]));
  return stored;
}

/**
 * Appends one message (appendMessages); returns its id, or null when `ignoreDuplicate` found it
 * stored already.
 */
export async function appendMessage(
  tx: Writer,
  message: NewMessage & { conversationId: string },
  options: AppendOptions = {},
): Promise<string | null> {
  const [row] = await appendMessages(tx, [message], options);
  return row?.id ?? null;
}

/** The conversation's newest `limit` messages (who wrote each and what), oldest first. */
export async function lastMessages(db: Db, conversationId: string, limit: number) {
  const rows = await db
    .select({ role: messages.role, author: messages.author, content: messages.content })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt))
    .limit(limit);
  return rows.reverse();
}

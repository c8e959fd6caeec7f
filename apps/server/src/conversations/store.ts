import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { conversations, messages } from '../db/schema';

/**
 * The one conversation writer: every channel opens its conversations here (and the chat
 * runtime's group commit, runtime/turnWriter.ts, in its one statement). An insert fires the
 * conversation triggers (analytics counters, the `conversation.started` webhook event), so a
 * conversation is always opened the same way whatever the channel.
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

/**
 * Appends a message to a conversation in the locking order (the conversation row, then the
 * message, then `updated_at`). The content is stored as given: the caller applied the storage
 * mode (privacy/storage.ts). `now`: the time it touches (default: the database's clock).
 * `ignoreDuplicate`: a message already stored (its provider's id) is not stored again, and null
 * is returned. `lock: false`: the caller holds the conversation's row already.
 */
export async function appendMessage(
  tx: Writer,
  message: NewMessage & { conversationId: string },
  options: { now?: Date; lock?: boolean; ignoreDuplicate?: boolean } = {},
): Promise<string | null> {
  if (options.lock !== false) await lockConversations(tx, [message.conversationId]);
  const insert = tx.insert(messages).values(message);
  const [row] = await (options.ignoreDuplicate ? insert.onConflictDoNothing() : insert).returning({
    id: messages.id,
  });
  if (!row) return null;
  await tx
    .update(conversations)
    .set({ updatedAt: options.now ?? sql`now()` })
    .where(eq(conversations.id, message.conversationId));
  return row.id;
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

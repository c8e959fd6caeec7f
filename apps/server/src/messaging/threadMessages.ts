import { desc, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messages } from '../db/schema';

/**
 * The latest `perThread` messages of each of the given threads, newest first, ranked in the
 * database (one query however many threads): the SMS, WhatsApp and Email thread lists.
 */
export async function latestMessagesOf(db: Db, threadIds: string[], perThread: number) {
  if (threadIds.length === 0) return [];
  const ranked = db
    .select({
      ...getTableColumns(messages),
      rank: sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.createdAt} desc)`.as(
        'rank',
      ),
    })
    .from(messages)
    .where(inArray(messages.conversationId, threadIds))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perThread))
    .orderBy(desc(ranked.createdAt));
}

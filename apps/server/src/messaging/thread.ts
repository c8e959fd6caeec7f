import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversations } from '../db/schema';

/** The thread of an SMS or WhatsApp conversation: one person and one number of ours. */
export interface ThreadKey {
  organizationId: string;
  /** The channel's agent of our number; null: the number has none (the thread is kept anyway). */
  agentName: string | null;
  channel: 'sms' | 'whatsapp';
  /** The person's number. */
  endUser: string;
  /** Our number. */
  agentAddress: string;
}

/**
 * The conversation id of the thread (the latest one with this person on this number and agent),
 * created when there is none. Used by the inbound intake and by every send, so a person's
 * messages both ways land in one thread.
 */
export async function threadOf(tx: Db, key: ThreadKey): Promise<string> {
  const [existing] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.organizationId, key.organizationId),
        key.agentName
          ? eq(conversations.agentName, key.agentName)
          : isNull(conversations.agentName),
        eq(conversations.channel, key.channel),
        eq(conversations.endUser, key.endUser),
        eq(conversations.agentAddress, key.agentAddress),
      ),
    )
    .orderBy(desc(conversations.updatedAt))
    .limit(1);
  if (existing) {
    await lockThreads(tx, [existing.id]);
    return existing.id;
  }
  const [created] = await tx
    .insert(conversations)
    .values({
      agentName: key.agentName,
      organizationId: key.organizationId,
      channel: key.channel,
      endUser: key.endUser,
      agentAddress: key.agentAddress,
    })
    .returning({ id: conversations.id });
  return created!.id;
}

/**
 * Locks conversation rows (in id order) before a transaction writes their messages. A message's
 * insert updates the organization's analytics counters (triggers), and the chat runtime locks its
 * conversation before it inserts its messages; a writer that took the counters first and the
 * conversation after (to touch `updated_at`) could deadlock with it.
 */
export async function lockThreads(tx: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(inArray(conversations.id, [...new Set(ids)]))
    .orderBy(conversations.id)
    .for('update');
}

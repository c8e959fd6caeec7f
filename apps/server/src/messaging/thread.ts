import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversations } from '../db/schema';
import { openConversation } from '../conversations/store';

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
  const { id } = await openConversation(
    tx,
    {
      agentName: key.agentName,
      organizationId: key.organizationId,
      channel: key.channel,
      endUser: key.endUser,
      agentAddress: key.agentAddress,
    },
    () => latestThread(tx, key),
  );
  return id;
}

/** The latest conversation of the thread, if any. */
async function latestThread(tx: Db, key: ThreadKey) {
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
  return existing?.id;
}

import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversations, messages } from '../db/schema';
import { storageOf, withDisclosure } from './agentPrivacy';

/**
 * An agent's answer on a message channel (SMS, WhatsApp, e-mail) with its disclosure line first
 * when it is the agent's first reply of the conversation (no earlier message of the agent there).
 * The stored answer then holds what is sent, as the storage mode keeps it. Returns what to send.
 */
export async function discloseFirstReply(
  db: Db,
  agent: { agentName: string; organizationId: string; disclosure: string | null },
  reply: { conversationId: string; replyMessageId: string; replyText: string },
): Promise<string> {
  const line = agent.disclosure?.trim();
  if (!line) return reply.replyText;
  const [earlier] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, reply.conversationId),
        eq(messages.author, 'agent'),
        ne(messages.id, reply.replyMessageId),
      ),
    )
    .limit(1);
  if (earlier) return reply.replyText;
  const text = withDisclosure(line, reply.replyText);
  const kept = (await storageOf(db, agent.organizationId, agent.agentName))(text);
  await db
    .update(messages)
    .set({
      content: kept.content,
      metadata: sql`${messages.metadata} || ${JSON.stringify({ disclosed: true, ...kept.metadata })}::jsonb`,
    })
    .where(eq(messages.id, reply.replyMessageId));
  return text;
}

/** The agent of a reply job's thread (null: none, or the thread is gone). */
export async function agentOfThread(
  db: Db,
  job: { conversationId: string },
): Promise<string | null> {
  const [row] = await db
    .select({ agentName: conversations.agentName })
    .from(conversations)
    .where(eq(conversations.id, job.conversationId))
    .limit(1);
  return row?.agentName ?? null;
}

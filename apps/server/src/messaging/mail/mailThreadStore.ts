import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, mailMessages, mailSends } from '../../db/schema';
import { latestMessagesOf } from '../threadMessages';
import type { MailboxRow } from './mailboxes';
import { recordOutbound } from './store';

/**
 * The Email threads' queries the routes make (mappingRoutes.ts): which thread each correspondent
 * belongs to, the threads with their messages, a member's send queued for later.
 */

export type MailThread = typeof conversations.$inferSelect;

/** The organization's e-mail threads (`more` narrows them): a condition on conversations. */
export const emailThreadsOf = (orgId: string, ...more: Array<SQL | undefined>) =>
  and(eq(conversations.organizationId, orgId), eq(conversations.channel, 'email'), ...more);

/** The organization's e-mail threads (of one mailbox, or all), newest activity first. */
export function mailThreadsOf(db: Db, orgId: string, limit: number, mailbox?: string) {
  return db
    .select()
    .from(conversations)
    .where(emailThreadsOf(orgId, mailbox ? eq(conversations.agentAddress, mailbox) : undefined))
    .orderBy(desc(conversations.updatedAt))
    .limit(limit);
}

/** Each thread's Message-IDs, oldest first. */
export async function messageIdsByThread(db: Db, ids: string[]) {
  const rows = ids.length
    ? await db
        .select({ conversationId: mailMessages.conversationId, id: mailMessages.rfcMessageId })
        .from(mailMessages)
        .where(inArray(mailMessages.conversationId, ids))
        .orderBy(mailMessages.createdAt)
    : [];
  const byThread = new Map<string, string[]>();
  for (const r of rows)
    byThread.set(r.conversationId, [...(byThread.get(r.conversationId) ?? []), r.id]);
  return byThread;
}

/** The threads' latest messages (at most `perThread` each) with their mail headers, by thread. */
export async function threadMessagesOf(db: Db, threads: MailThread[], perThread: number) {
  const list = await latestMessagesOf(
    db,
    threads.map((t) => t.id),
    perThread,
  );
  const mailRows = list.length
    ? await db
        .select()
        .from(mailMessages)
        .where(
          inArray(
            mailMessages.messageId,
            list.map((m) => m.id),
          ),
        )
    : [];
  const mailOf = new Map(mailRows.map((r) => [r.messageId, r]));
  const rows = list.map((m) => ({ m, mail: mailOf.get(m.id) ?? null }));
  const byThread = new Map<string, typeof rows>();
  for (const r of rows)
    byThread.set(r.m.conversationId, [...(byThread.get(r.m.conversationId) ?? []), r]);
  return byThread;
}

/** A member's send due later: recorded in its thread as queued, and queued for the mail worker. */
export async function queueMemberSend(
  db: Db,
  mailbox: MailboxRow,
  mail: { to: string; subject: string; text: string },
  send: { member: { id: string; name: string }; maxAttempts: number; due: Date },
) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const recorded = await recordOutbound(tx, mailbox, {
      ...mail,
      status: 'queued',
      author: 'member',
      metadata: { member_id: send.member.id, member_name: send.member.name },
    });
    await tx.insert(mailSends).values({
      organizationId: mailbox.organizationId,
      mailboxId: mailbox.id,
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.text,
      messageId: recorded.messageId,
      rfcMessageId: recorded.rfcMessageId,
      maxAttempts: send.maxAttempts,
      dueAt: send.due,
    });
    return recorded;
  });
}

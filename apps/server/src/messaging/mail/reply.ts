import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailboxes, mailMessages, messageReplies, messages } from '../../db/schema';
import type { SecretBox } from '../../lib/secrets';
import { agentRepliesSentLastHour, loopLimitReason, maxAgentRepliesPerHour } from './inbound';
import type { MailboxRow } from './mailboxes';
import { deliverMail, type OutgoingMail } from './send';
import { newMessageId, normalizeSubject, replyReferences, replySubject } from './threading';

type ReplyRow = typeof messageReplies.$inferSelect;
export interface MailReplyDeps {
  db: Db;
  secrets: SecretBox;
  env: Record<string, string | undefined>;
}

async function mailboxOfReply(db: Db, job: ReplyRow) {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(
      and(
        eq(mailboxes.organizationId, job.organizationId),
        eq(mailboxes.emailAddress, job.fromNumber),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The mail fields of the agent's reply (our Message-ID, 'Re: {subject}', In-Reply-To and
 * References of the mail it answers), stored with the reply's message row once: a retried send
 * keeps its Message-ID.
 */
export async function replyMailOf(
  db: Db,
  mailbox: MailboxRow,
  job: Pick<ReplyRow, 'inboundMessageId' | 'conversationId' | 'toNumber'>,
  replyMessageId: string,
) {
  const [existing] = await db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.messageId, replyMessageId))
    .limit(1);
  if (existing) return existing;
  const [parent] = await db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.messageId, job.inboundMessageId))
    .limit(1);
  const subject = replySubject(parent?.subject ?? '');
  const [row] = await db
    .insert(mailMessages)
    .values({
      messageId: replyMessageId,
      organizationId: mailbox.organizationId,
      mailboxId: mailbox.id,
      conversationId: job.conversationId,
      rfcMessageId: newMessageId(mailbox.emailAddress),
      inReplyTo: parent?.rfcMessageId ?? null,
      references: parent
        ? replyReferences({ references: parent.references, messageId: parent.rfcMessageId })
        : [],
      subject,
      normalizedSubject: normalizeSubject(subject),
      fromAddress: mailbox.emailAddress,
      toAddress: job.toNumber,
    })
    .onConflictDoNothing()
    .returning();
  return (
    row ??
    (await db.select().from(mailMessages).where(eq(mailMessages.messageId, replyMessageId)))[0]!
  );
}

/**
 * Before an agent's mail reply is sent: a mailbox in 'Draft for approval' keeps it as a draft on
 * the thread; a thread that reached its hourly limit of agent replies gets none. Returns the
 * reply job's end state then, or null to send.
 */
export async function holdMailReply(
  deps: MailReplyDeps,
  job: ReplyRow,
  replyMessageId: string,
): Promise<'skipped' | null> {
  const { db } = deps;
  const mailbox = await mailboxOfReply(db, job);
  const end = async (status: string, lastError: string) => {
    await db
      .update(messages)
      .set({ status, error: lastError })
      .where(eq(messages.id, replyMessageId));
    await db
      .update(messageReplies)
      .set({ status: 'skipped', lastError, updatedAt: new Date() })
      .where(eq(messageReplies.id, job.id));
    return 'skipped' as const;
  };
  if (!mailbox) return end('failed', 'The mailbox was removed');
  if (mailbox.autonomy === 'draft') {
    await replyMailOf(db, mailbox, job, replyMessageId);
    await db.update(messages).set({ status: 'draft' }).where(eq(messages.id, replyMessageId));
    await db
      .update(messageReplies)
      .set({ status: 'skipped', lastError: 'Draft for approval', updatedAt: new Date() })
      .where(eq(messageReplies.id, job.id));
    return 'skipped';
  }
  if (
    (await agentRepliesSentLastHour(db, job.conversationId, new Date(), replyMessageId)) >=
    maxAgentRepliesPerHour
  )
    return end('discarded', loopLimitReason);
  return null;
}

/** Sends the agent's reply from the mailbox (SMTP or the sandbox outbox). */
export async function sendMailReply(
  deps: MailReplyDeps,
  job: ReplyRow,
  replyText: string,
  replyMessageId: string,
): Promise<{ providerMessageId: string; status: string }> {
  const mailbox = await mailboxOfReply(deps.db, job);
  if (!mailbox) throw new Error('The mailbox was removed');
  const fields = await replyMailOf(deps.db, mailbox, job, replyMessageId);
  const mail: OutgoingMail = {
    to: job.toNumber,
    subject: fields.subject,
    text: replyText,
    messageId: fields.rfcMessageId,
    inReplyTo: fields.inReplyTo,
    references: fields.references,
    autoReplied: true,
  };
  const sent = await deliverMail(deps, mailbox, mail);
  return { providerMessageId: fields.rfcMessageId, status: sent.status };
}

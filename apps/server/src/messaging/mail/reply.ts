import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailboxes, mailMessages, messageReplies, messages } from '../../db/schema';
import type { SecretBox } from '../../lib/secrets';
import { agentRepliesSentLastHour, maxAgentRepliesPerHour } from './inbound';
import type { MailboxRow } from './mailboxes';
import { deliverMail, type OutgoingMail } from './send';
import { subjectStorage } from './subjects';
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
 * keeps its Message-ID. The subject is stored as the storage mode says (sentSubject: as sent).
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
  const subject = (await subjectStorage(db, mailbox))(replySubject(parent?.subject ?? ''));
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
 * the thread. Returns the reply job's end state then, or null to send (the thread's hourly limit
 * is checked when the reply is reserved: mailReplyLimitReached).
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
      .set({ status: 'skipped', lastError, subjectText: null, updatedAt: new Date() })
      .where(eq(messageReplies.id, job.id));
    return 'skipped' as const;
  };
  if (!mailbox) return end('failed', 'The mailbox was removed');
  if (mailbox.autonomy === 'draft') {
    // The job keeps the subject as written (subjectText) until the draft is sent or discarded.
    await replyMailOf(db, mailbox, job, replyMessageId);
    await db.update(messages).set({ status: 'draft' }).where(eq(messages.id, replyMessageId));
    await db
      .update(messageReplies)
      .set({ status: 'skipped', lastError: 'Draft for approval', updatedAt: new Date() })
      .where(eq(messageReplies.id, job.id));
    return 'skipped';
  }
  return null;
}

/**
 * Whether the thread already has its hourly limit of agent replies sent or being sent (this one
 * left out). Called in the transaction that marks the reply 'sending', under the organization's
 * email send lock: two reply jobs of the thread cannot both see the last place free.
 */
export async function mailReplyLimitReached(
  tx: Db,
  job: Pick<ReplyRow, 'conversationId'>,
  replyMessageId: string,
) {
  return (
    (await agentRepliesSentLastHour(tx, job.conversationId, new Date(), replyMessageId)) >=
    maxAgentRepliesPerHour
  );
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
    subject: sentSubject(job, fields.subject),
    text: replyText,
    messageId: fields.rfcMessageId,
    inReplyTo: fields.inReplyTo,
    references: fields.references,
    autoReplied: true,
  };
  const sent = await deliverMail(deps, mailbox, mail);
  return { providerMessageId: fields.rfcMessageId, status: sent.status };
}

/**
 * The subject a reply is sent with: 'Re: ' and the inbound subject as written while its job keeps
 * it (the stored one is redacted or empty), else the stored reply subject.
 */
export function sentSubject(job: Pick<ReplyRow, 'subjectText'>, storedSubject: string): string {
  return job.subjectText ? replySubject(job.subjectText) : storedSubject;
}

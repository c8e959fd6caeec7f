import { and, desc, eq } from 'drizzle-orm';
import { mailSendFailedWords, sendFailedMessage } from '@parley/api-client';
import { registerMemberSender, type MemberSender } from '../../conversations/send';
import type { Db } from '../../db/client';
import { mailboxes, mailMessages, messages } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { reserveSend, sendLimitsOf } from '../sendLimits';
import { deliverMail, MailSendError } from './send';
import { completeOutbound } from './store';
import { subjectStorage } from './subjects';
import { newMessageId, normalizeSubject, replyReferences, replySubject } from './threading';

/**
 * A member's reply in an e-mail thread they hold (human takeover): sent through the thread's
 * mailbox (its SMTP server, or the sandbox outbox) to the correspondent, threaded like the
 * agent's replies: 'Re: {subject}', In-Reply-To the thread's latest mail from the
 * correspondent, References the thread's ids. Counted against the organization's Email sending
 * limit; no Auto-Submitted header (a person wrote it). The thread keeps its subject as the storage
 * mode stores it, so in `redacted` mode the reply's subject carries the placeholders and in
 * `metadata_only` it is 'Re:' (the headers still thread it).
 */
export const sendMemberMail: MemberSender = async (deps, conv, message) => {
  const { db } = deps;
  const mailboxId = typeof conv.metadata.mailbox_id === 'string' ? conv.metadata.mailbox_id : null;
  const [mailbox] = await db
    .select()
    .from(mailboxes)
    .where(
      and(
        eq(mailboxes.organizationId, conv.organizationId),
        mailboxId
          ? eq(mailboxes.id, mailboxId)
          : eq(mailboxes.emailAddress, conv.agentAddress ?? ''),
      ),
    )
    .limit(1);
  if (!mailbox) {
    await db
      .update(messages)
      .set({ status: 'failed', error: 'The mailbox of this thread was removed' })
      .where(eq(messages.id, message.id));
    throw new HttpError(409, 'text: the mailbox of this thread was removed', {
      code: 'channel_cannot_reply',
    });
  }
  const parent = await lastMailOf(db, conv.id, conv.endUser);
  const subject = replySubject(parent?.subject ?? String(conv.metadata.subject ?? ''));
  const stored = (await subjectStorage(db, mailbox))(subject);
  const rfcMessageId = newMessageId(mailbox.emailAddress);
  const references = parent
    ? replyReferences({ references: parent.references, messageId: parent.rfcMessageId })
    : [];
  try {
    await reserveSend(db, sendLimitsOf(deps.env), conv.organizationId, 'email', async (tx) => {
      await tx.update(messages).set({ status: 'sending' }).where(eq(messages.id, message.id));
      await tx.insert(mailMessages).values({
        messageId: message.id,
        organizationId: conv.organizationId,
        mailboxId: mailbox.id,
        conversationId: conv.id,
        rfcMessageId,
        inReplyTo: parent?.rfcMessageId ?? null,
        references,
        subject: stored,
        normalizedSubject: normalizeSubject(stored),
        fromAddress: mailbox.emailAddress,
        toAddress: conv.endUser,
      });
    });
    const sent = await deliverMail(deps, mailbox, {
      to: conv.endUser,
      subject,
      text: message.content,
      messageId: rfcMessageId,
      inReplyTo: parent?.rfcMessageId ?? null,
      references,
    });
    await completeOutbound(db, message.id, { status: sent.status, rfcMessageId });
  } catch (error) {
    const reason =
      error instanceof MailSendError || error instanceof HttpError
        ? error.message
        : 'the mail could not be handed over';
    if (!(error instanceof MailSendError || error instanceof HttpError))
      deps.logger.error({ err: error, message: message.id }, 'member mail not sent');
    await completeOutbound(db, message.id, { error: reason });
    // Over the sending limit (429 with its Retry-After) is said as is.
    if (error instanceof HttpError) throw error;
    const words = mailSendFailedWords(mailbox.smtpMasked?.host);
    throw new HttpError(502, `text: ${sendFailedMessage(words, reason)}`);
  }
};

/** The thread's latest mail from the correspondent (else its latest mail): what a reply answers. */
async function lastMailOf(db: Db, conversationId: string, endUser: string) {
  const rows = await db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.conversationId, conversationId))
    .orderBy(desc(mailMessages.createdAt))
    .limit(50);
  return rows.find((r) => r.fromAddress === endUser) ?? rows[0] ?? null;
}

/** E-mail conversations take a member's reply (conversations/send.ts asks each channel). */
export const registerMemberMail = () => registerMemberSender('email', sendMemberMail);

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appendMessage, openConversation } from '../../conversations/store';
import { mailMessages, messages } from '../../db/schema';
import type { MailboxRow } from './mailboxes';
import { findThread } from './inbound';
import { newMessageId, normalizeSubject } from './threading';
import { storageOf } from '../../privacy/agentPrivacy';
import { storedSubject } from './subjects';

/**
 * An outbound mail recorded on its thread before it is sent (a member's send, a scheduled send, a
 * campaign mail): the thread with the recipient about this subject (7 days), else a new one; the
 * message row ('sending' or 'queued') and its mail fields with our Message-ID. Its text and subject
 * are stored as the storage mode says; the caller sends them as written.
 */
export async function recordOutbound(
  tx: Db,
  mailbox: MailboxRow,
  mail: {
    to: string;
    subject: string;
    text: string;
    status: string;
    author: 'member' | 'agent';
    campaignId?: string | null;
    metadata?: Record<string, unknown>;
  },
  now = new Date(),
) {
  const found = await findThread(
    tx,
    mailbox,
    { inReplyTo: null, references: [], from: mail.to, subject: mail.subject },
    now,
  );
  const store = await storageOf(tx, mailbox.organizationId, mailbox.agentName);
  const subject = storedSubject(store, mail.subject);
  const { id: conversationId } = await openConversation(
    tx,
    {
      agentName: mailbox.agentName,
      organizationId: mailbox.organizationId,
      channel: 'email',
      endUser: mail.to,
      agentAddress: mailbox.emailAddress,
      metadata: { subject, mailbox_id: mailbox.id },
    },
    () => Promise.resolve(found),
  );
  // Stored as the storage mode says; the mail is sent as written (by the caller).
  const kept = store(mail.text);
  // The conversation is locked (found) or new in this transaction.
  const messageId = (await appendMessage(
    tx,
    {
      conversationId,
      role: 'assistant',
      content: kept.content,
      direction: 'outbound',
      author: mail.author,
      provider: 'mail',
      status: mail.status,
      metadata: { ...mail.metadata, ...kept.metadata },
    },
    { now, lock: false },
  ))!;
  const rfcMessageId = newMessageId(mailbox.emailAddress);
  await tx.insert(mailMessages).values({
    messageId,
    organizationId: mailbox.organizationId,
    mailboxId: mailbox.id,
    conversationId,
    rfcMessageId,
    subject,
    normalizedSubject: normalizeSubject(subject),
    fromAddress: mailbox.emailAddress,
    toAddress: mail.to,
    campaignId: mail.campaignId ?? null,
  });
  return { conversationId, messageId, rfcMessageId };
}

/** Completes an outbound message once the server (or the outbox) took it, or failed. */
export async function completeOutbound(
  db: Db,
  messageId: string,
  result: { status: string; rfcMessageId?: string } | { error: string },
) {
  await db
    .update(messages)
    .set(
      'error' in result
        ? { status: 'failed', error: result.error.slice(0, 500) }
        : { status: result.status, providerMessageId: result.rfcMessageId ?? null },
    )
    .where(eq(messages.id, messageId));
}

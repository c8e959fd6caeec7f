import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, mailboxes, mailMessages, messageReplies, messages } from '../../db/schema';
import { HttpError } from '../../lib/http';

/** The drafts' queries the routes make (draftRoutes.ts): an agent's reply waiting for approval. */

/** A draft of the organization (an agent's reply waiting for approval), else 404. */
export async function draftOf(db: Db, orgId: string, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new HttpError(404, 'Draft not found');
  const [row] = await db
    .select({ message: messages, mail: mailMessages, mailbox: mailboxes })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(mailMessages, eq(mailMessages.messageId, messages.id))
    .innerJoin(mailboxes, eq(mailboxes.id, mailMessages.mailboxId))
    .where(
      and(
        eq(messages.id, id),
        eq(conversations.organizationId, orgId),
        eq(messages.status, 'draft'),
      ),
    )
    .limit(1);
  if (!row) throw new HttpError(404, 'Draft not found');
  return row;
}

/**
 * The agent's words and the subject it answers as written (its reply job keeps them until the
 * draft is sent or discarded: the stored draft and subject may be redacted or empty).
 */
export async function replyJobOf(db: Db, messageId: string) {
  const [reply] = await db
    .select({ text: messageReplies.replyText, subjectText: messageReplies.subjectText })
    .from(messageReplies)
    .where(eq(messageReplies.replyMessageId, messageId))
    .limit(1);
  return reply ?? { text: null, subjectText: null };
}

/**
 * A draft sent (its words `kept` as the storage mode stores them) or discarded (null): its reply
 * job no longer keeps the words or the subject as written.
 */
export async function forgetDraftWords(db: Db, messageId: string, kept: string | null) {
  await db
    .update(messageReplies)
    .set({ subjectText: null, ...(kept !== null ? { replyText: kept } : {}) })
    .where(eq(messageReplies.replyMessageId, messageId));
}

/** Take a draft for sending (inside the send reservation): empty when another request took it. */
export function takeDraft(
  tx: Db,
  message: typeof messages.$inferSelect,
  content: string,
  approvedBy: string,
) {
  return tx
    .update(messages)
    .set({
      status: 'sending',
      content,
      metadata: { ...message.metadata, approved_by: approvedBy },
    })
    .where(and(eq(messages.id, message.id), eq(messages.status, 'draft')))
    .returning({ id: messages.id });
}

/** A send that failed: back to a draft, so a member can try again. */
export async function backToDraft(db: Db, messageId: string, reason: string) {
  await db
    .update(messages)
    .set({ status: 'draft', error: reason.slice(0, 500) })
    .where(eq(messages.id, messageId));
}

export async function discardDraft(db: Db, messageId: string) {
  await db.update(messages).set({ status: 'discarded' }).where(eq(messages.id, messageId));
  await forgetDraftWords(db, messageId, null);
}

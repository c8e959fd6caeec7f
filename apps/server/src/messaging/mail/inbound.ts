import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { simpleParser, type AddressObject, type HeaderValue, type ParsedMail } from 'mailparser';
import { withoutControlCharacters, type MailInboundAnswer } from '@parley/api-client';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  conversations,
  mailMessages,
  mailSends,
  mailSuppressions,
  messageReplies,
  messages,
} from '../../db/schema';
import type { MailboxRow } from './mailboxes';
import { boundedReferences, MailRefusedError, scanRawMail } from './mailLimits';
import { parseInWorker } from './parsePool';
import {
  bareAddress,
  derivedMessageId,
  normalizeMessageId,
  normalizeSubject,
  notAnsweredReason,
  parseReferences,
  visibleText,
} from './threading';
import { appendMessage, openConversation } from '../../conversations/store';
import { storageOf } from '../../privacy/agentPrivacy';
import { storedSubject, threadSubjects } from './subjects';

/** A thread is found by sender and subject within this window. */
export const subjectThreadDays = 7;
/** At most this many agent replies per thread per hour, whatever happens (no mail loops). */
export const maxAgentRepliesPerHour = 5;
export const loopLimitReason = `Loop limit: ${maxAgentRepliesPerHour} agent replies in this thread in the last hour`;

export interface InboundMailDeps {
  db: Db;
  replies?: { wake(): void };
  now?: () => Date;
}

/** A parsed inbound mail, reduced to what the channel stores and decides on. */
export interface InboundMail {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: string;
  to: string;
  subject: string;
  /** The new text only (quoted history and signature stripped): what the agent sees. */
  visible: string;
  notAnswered: string | null;
  /** A delivery-status report: the addresses that bounced. */
  bounced: string[];
}

function headerText(value: HeaderValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? v : v.value)).join(', ');
  if (value instanceof Date) return value.toISOString();
  if ('value' in value && typeof value.value === 'string') return value.value;
  if ('text' in value) return (value as AddressObject).text;
  return undefined;
}

function firstAddress(value: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  for (const group of list)
    for (const a of group.value)
      if (a.address && a.address.length <= 320) return a.address.trim().toLowerCase();
  return '';
}

/** The recipients a delivery-status report names as failed (Final-Recipient with Action: failed). */
function bouncedRecipients(parsed: ParsedMail): string[] {
  const found = new Set<string>();
  for (const part of parsed.attachments ?? []) {
    if (!/delivery-status/i.test(part.contentType)) continue;
    const text = part.content.toString('utf8');
    for (const block of text.split(/\r?\n\r?\n/)) {
      const recipient = /^(?:final|original)-recipient:\s*[^;]*;\s*(.+)$/im.exec(block);
      const action = /^action:\s*(\S+)/im.exec(block);
      if (recipient && (!action || action[1]!.toLowerCase() === 'failed'))
        found.add(bareAddress(recipient[1]));
    }
  }
  return [...found];
}

/** Options of mailparser: no HTML made from the text, no links found (costly on large text). */
const parserOptions = {
  skipImageLinks: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  maxHtmlLengthToParse: 2_000_000,
} as const;

/** The text kept of a mail (what the agent may see of it, before its quoted history is cut). */
const maxTextChars = 100_000;

/** A message id as stored: control characters removed, at most 998 characters (a header line). */
const idOf = (id: string | null) =>
  // eslint-disable-next-line no-control-regex
  id && id.length <= 998 && !/[\u0000-\u001f\u007f]/.test(id) ? id : null;

/**
 * Parses a raw message into what the channel needs, in a worker thread (parsePool.ts): the
 * event loop is not held up by a large mail. Throws as parseInboundHere does. With `transfer`
 * the bytes move to the worker without a copy, and `raw` is unusable afterwards.
 */
export const parseInbound = (raw: Buffer, options: { transfer?: boolean } = {}) =>
  parseInWorker(raw, options);

/**
 * Parses a raw message into what the channel needs (in this thread): first the cheap scan of its bounds
 * (mailLimits: parts, nesting, header lines and sizes, encoded-words; a MailRefusedError names
 * the bound), then mailparser. Whatever mailparser still refuses is a MailRefusedError too.
 */
export async function parseInboundHere(raw: Buffer): Promise<InboundMail> {
  await scanRawMail(raw);
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, parserOptions);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new MailRefusedError(`the mail could not be read (${message.slice(0, 200)})`);
  }
  const from = firstAddress(parsed.from);
  const contentType = parsed.headers.get('content-type');
  const structured =
    contentType && typeof contentType === 'object' && 'params' in contentType
      ? (contentType as { value: string; params: Record<string, string> })
      : null;
  const text = withoutControlCharacters((parsed.text ?? '').slice(0, maxTextChars));
  const headers = parsed.headers;
  const view = {
    from,
    header: (name: string) => headerText(headers.get(name)),
    contentType: structured?.value ?? '',
    reportType: structured?.params['report-type'],
  };
  const reason = notAnsweredReason(view);
  const references = boundedReferences(parseReferences(parsed.references).filter(idOf));
  return {
    messageId: idOf(normalizeMessageId(parsed.messageId)) ?? derivedMessageId(raw),
    inReplyTo: idOf(
      normalizeMessageId(parseReferences(parsed.inReplyTo)[0] ?? parsed.inReplyTo ?? null),
    ),
    references,
    from,
    to: firstAddress(parsed.to),
    subject: withoutControlCharacters((parsed.subject ?? '').slice(0, 998)),
    visible: visibleText(text),
    notAnswered: reason,
    bounced: reason?.includes('delivery-status') ? bouncedRecipients(parsed) : [],
  };
}

/**
 * The thread an inbound mail joins in this mailbox: by In-Reply-To, then by References (the
 * newest known), then by the same correspondent and normalized subject within 7 days (compared
 * as the storage mode stores subjects too: a redacted thread is found by its redacted subject).
 */
export async function findThread(
  db: Db,
  mailbox: MailboxRow,
  mail: Pick<InboundMail, 'inReplyTo' | 'references' | 'from' | 'subject'>,
  now: Date,
): Promise<string | null> {
  const byIds = async (ids: string[]) => {
    if (!ids.length) return null;
    const [row] = await db
      .select({ id: mailMessages.conversationId })
      .from(mailMessages)
      .where(and(eq(mailMessages.mailboxId, mailbox.id), inArray(mailMessages.rfcMessageId, ids)))
      .orderBy(desc(mailMessages.createdAt))
      .limit(1);
    return row?.id ?? null;
  };
  const direct = mail.inReplyTo ? await byIds([mail.inReplyTo]) : null;
  if (direct) return direct;
  const referenced = await byIds(mail.references);
  if (referenced) return referenced;
  const subjects = await threadSubjects(db, mailbox, mail.subject);
  if (!subjects.length || !mail.from) return null;
  const since = new Date(now.getTime() - subjectThreadDays * 86_400_000);
  const [row] = await db
    .select({ id: mailMessages.conversationId })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.mailboxId, mailbox.id),
        inArray(mailMessages.normalizedSubject, subjects),
        or(eq(mailMessages.fromAddress, mail.from), eq(mailMessages.toAddress, mail.from)),
        gt(mailMessages.createdAt, since),
      ),
    )
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** Agent replies of the thread sent (or being sent) in the last hour, `except` one. */
export async function agentRepliesSentLastHour(
  db: Db,
  conversationId: string,
  now: Date,
  except?: string,
) {
  const since = new Date(now.getTime() - 3_600_000);
  const [sent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.author, 'agent'),
        gt(messages.createdAt, since),
        sql`${messages.status} is not null and ${messages.status} not in ('discarded', 'failed', 'draft')`,
        except ? sql`${messages.id} <> ${except}` : undefined,
      ),
    );
  return Number(sent?.n ?? 0);
}

/**
 * Agent replies of the thread in the last hour: sent or on their way (queued, generating), in one
 * statement: one snapshot, so a reply job turning 'sending' meanwhile is counted once, not
 * zero times (a job and its message change together).
 */
export async function agentRepliesLastHour(db: Db, conversationId: string, now: Date) {
  const since = new Date(now.getTime() - 3_600_000).toISOString();
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT count(*) FROM messages m
        WHERE m.conversation_id = ${conversationId} AND m.author = 'agent'
          AND m.created_at > ${since}::timestamptz AND m.status IS NOT NULL
          AND m.status NOT IN ('discarded', 'failed', 'draft'))
      + (SELECT count(*) FROM message_replies r
        WHERE r.conversation_id = ${conversationId} AND r.status IN ('pending', 'running')) AS n`),
  );
  return Number(row?.n ?? 0);
}

/**
 * An inbound mail to a mailbox (IMAP, the inbound URL, 'Simulate inbound email'): stored once per
 * Message-ID on its thread with the new text; answered by the mailbox's agent through the durable
 * reply job unless it must not be (auto-replies, bulk mail, bounces, our own mail, no agent, the
 * thread's hourly limit). A bounce marks the addresses it names as bounced for campaigns.
 */
export async function receiveMail(
  deps: InboundMailDeps,
  mailbox: MailboxRow,
  mail: InboundMail,
): Promise<MailInboundAnswer> {
  const now = deps.now?.() ?? new Date();
  // Stored as the storage mode says; the reply's model call gets the words as written (queryText).
  const text = mail.visible || mail.subject || '(empty message)';
  const store = await storageOf(deps.db, mailbox.organizationId, mailbox.agentName);
  const kept = store(text);
  // The subject too (redacted, or '' in metadata_only); the reply job keeps it as written.
  const subject = storedSubject(store, mail.subject);
  const result = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [seen] = await tx
      .select({ conversationId: mailMessages.conversationId, messageId: mailMessages.messageId })
      .from(mailMessages)
      .where(
        and(eq(mailMessages.mailboxId, mailbox.id), eq(mailMessages.rfcMessageId, mail.messageId)),
      )
      .limit(1);
    if (seen)
      return {
        success: true as const,
        stored: false,
        conversation_id: seen.conversationId,
        message_id: seen.messageId,
        reply_queued: false,
        not_answered: 'Already received (the same Message-ID)',
      };
    let reason =
      mail.notAnswered ??
      (mail.from === mailbox.emailAddress ? 'Sent by this mailbox itself' : null) ??
      (mailbox.agentName ? null : 'No agent is assigned to this mailbox');
    // Mails arriving together in one thread are counted one after the other (the thread's row lock).
    const { id: conversationId, created } = await openConversation(
      tx,
      {
        agentName: mailbox.agentName,
        organizationId: mailbox.organizationId,
        channel: 'email',
        endUser: mail.from || 'unknown',
        agentAddress: mailbox.emailAddress,
        metadata: { subject, mailbox_id: mailbox.id },
      },
      () => findThread(tx, mailbox, mail, now),
    );
    if (!reason && (await agentRepliesLastHour(tx, conversationId, now)) >= maxAgentRepliesPerHour)
      reason = loopLimitReason;
    // openConversation locked the thread (or opened it in this transaction).
    const storedId = await appendMessage(
      tx,
      {
        conversationId,
        role: 'user',
        content: kept.content,
        direction: 'inbound',
        author: 'visitor',
        provider: 'mail',
        providerMessageId: `${mailbox.id}:${mail.messageId}`,
        status: 'received',
        metadata: { ...kept.metadata, ...(reason ? { not_answered: reason } : {}) },
      },
      { now, lock: false, ignoreDuplicate: true },
    );
    if (!storedId)
      return {
        success: true as const,
        stored: false,
        conversation_id: conversationId,
        message_id: null,
        reply_queued: false,
        not_answered: 'Already received (the same Message-ID)',
      };
    await tx.insert(mailMessages).values({
      messageId: storedId,
      organizationId: mailbox.organizationId,
      mailboxId: mailbox.id,
      conversationId,
      rfcMessageId: mail.messageId,
      inReplyTo: mail.inReplyTo,
      references: mail.references,
      subject,
      normalizedSubject: normalizeSubject(subject),
      fromAddress: mail.from,
      toAddress: mail.to || mailbox.emailAddress,
      notAnswered: reason,
    });
    // The thread follows the mailbox's current agent (a reassigned mailbox answers old threads).
    if (!created && mailbox.agentName)
      await tx
        .update(conversations)
        .set({ agentName: mailbox.agentName })
        .where(eq(conversations.id, conversationId));
    if (mail.bounced.length) {
      await tx
        .insert(mailSuppressions)
        .values(
          mail.bounced.map((emailAddress) => ({
            organizationId: mailbox.organizationId,
            emailAddress,
            reason: 'bounced' as const,
          })),
        )
        .onConflictDoNothing();
      await tx
        .update(mailSends)
        .set({ status: 'failed', lastError: 'bounced' })
        .where(
          and(
            eq(mailSends.mailboxId, mailbox.id),
            inArray(mailSends.toAddress, mail.bounced),
            sql`${mailSends.campaignId} is not null`,
          ),
        );
    }
    let queued = false;
    if (!reason) {
      const rows = await tx
        .insert(messageReplies)
        .values({
          organizationId: mailbox.organizationId,
          inboundMessageId: storedId,
          conversationId,
          channel: 'email',
          fromNumber: mailbox.emailAddress,
          toNumber: mail.from,
          queryText: kept.content === text ? null : text,
          subjectText: subject === mail.subject ? null : mail.subject,
        })
        .onConflictDoNothing()
        .returning({ id: messageReplies.id });
      queued = rows.length > 0;
    }
    return {
      success: true as const,
      stored: true,
      conversation_id: conversationId,
      message_id: storedId,
      reply_queued: queued,
      not_answered: reason,
    };
  });
  if (result.reply_queued) deps.replies?.wake();
  return result;
}

import { createHash, randomUUID } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';

/**
 * The mail rules that need no database: Message-IDs, reply subjects, the subject a thread is
 * matched on, which inbound mail must never be answered (RFC 3834), and the new text of a reply.
 */

/** A Message-ID of ours: `<uuid@the mailbox's domain>`. */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.split('@')[1] || 'parley.invalid';
  return `<${randomUUID()}@${domain}>`;
}

/** A Message-ID for a mail that has none: derived from its bytes, so a redelivery is the same. */
export function derivedMessageId(raw: Buffer | string): string {
  return `<${createHash('sha256').update(raw).digest('hex').slice(0, 40)}@parley.invalid>`;
}

/** `<a@b>` form of a message id (angle brackets added when missing, whitespace dropped). */
export function normalizeMessageId(id: string | null | undefined): string | null {
  const trimmed = (id ?? '').trim().replace(/\s+/g, '');
  if (!trimmed) return null;
  return trimmed.startsWith('<') ? trimmed : `<${trimmed}>`;
}

/** The ids of a References header (or mailparser's string | string[]). */
export function parseReferences(value: string | string[] | null | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  const ids = text.match(/<[^<>\s]+>/g) ?? [];
  return [...new Set(ids)];
}

const replyPrefix = /^\s*((re|fw|fwd|aw|sv|vs|antw|wg|tr|r)\s*(\[\d+\])?\s*:\s*)+/i;

/** The subject a thread is matched on: reply/forward prefixes removed, spaces folded, lower-case. */
export function normalizeSubject(subject: string | null | undefined): string {
  return (subject ?? '').replace(replyPrefix, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The agent's subject: 'Re: {subject}' once (never 'Re: Re:'). */
export function replySubject(subject: string | null | undefined): string {
  const base = (subject ?? '').replace(replyPrefix, '').trim();
  return base ? `Re: ${base}` : 'Re:';
}

/** The References of a reply to a mail: its References, then its own Message-ID (RFC 5322). */
export function replyReferences(parent: { references: string[]; messageId: string }): string[] {
  return [...parent.references.filter((id) => id !== parent.messageId), parent.messageId].slice(
    -20,
  );
}

export interface MailHeadersView {
  from: string;
  /** A header's value (lower-case name), or undefined. */
  header(name: string): string | undefined;
  /** The content type (e.g. multipart/report) and its report-type parameter. */
  contentType: string;
  reportType?: string;
}

const bulkPrecedence = new Set(['bulk', 'junk', 'list', 'auto_reply']);

/**
 * Why an inbound mail must not be answered (RFC 3834 and bounce rules), or null: an
 * `Auto-Submitted` other than `no`, `Precedence: bulk|junk|list|auto_reply`, an autoresponder
 * mark, a sender that is mailer-daemon or postmaster, or a delivery-status report.
 */
export function notAnsweredReason(mail: MailHeadersView): string | null {
  const auto = (mail.header('auto-submitted') ?? '').trim().toLowerCase();
  if (auto && auto.split(';')[0]!.trim() !== 'no')
    return `Auto-Submitted: ${auto} (an automatic message)`;
  const precedence = (mail.header('precedence') ?? '').trim().toLowerCase();
  if (bulkPrecedence.has(precedence)) return `Precedence: ${precedence} (bulk or automatic mail)`;
  if (mail.header('x-autoreply') || mail.header('x-autorespond'))
    return 'An autoresponder message (X-Autoreply)';
  const local = mail.from.split('@')[0]!.toLowerCase();
  if (local === 'mailer-daemon' || local === 'postmaster')
    return `From ${local} (a bounce or server notice)`;
  if (
    mail.contentType.toLowerCase() === 'multipart/report' &&
    (mail.reportType ?? '').toLowerCase() === 'delivery-status'
  )
    return 'A delivery-status report (bounce)';
  if (!mail.from) return 'No sender address';
  return null;
}

/** The new text of a reply: quoted history ('On … wrote:', '>' lines) and signatures removed. */
export function visibleText(text: string): string {
  const body = text.replace(/\r\n/g, '\n');
  try {
    const visible = new EmailReplyParser().read(body).getVisibleText().trim();
    return visible || body.trim();
  } catch {
    return body.trim();
  }
}

/** A bare address, lower-case ('Ann <Ann@Example.com>' → 'ann@example.com'). */
export function bareAddress(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  const angle = /<([^<>]+)>/.exec(text);
  return (angle ? angle[1]! : text).trim().toLowerCase();
}

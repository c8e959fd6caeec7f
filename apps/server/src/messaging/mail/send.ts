import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { SecretBox } from '../../lib/secrets';
import { serverOf, type MailboxRow } from './mailboxes';
import { mailAllowHosts, plainMailError, smtpTransport } from './servers';

/** One mail leaving a mailbox (a member's send, an agent's reply, a campaign mail). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Our Message-ID (`<…@domain>`), made before sending so a retry keeps it. */
  messageId: string;
  inReplyTo?: string | null;
  references?: string[];
  /** An agent's reply: `Auto-Submitted: auto-replied` (RFC 3834). */
  autoReplied?: boolean;
  /** A campaign mail: List-Unsubscribe with one-click (RFC 8058). */
  unsubscribeUrl?: string;
}

export interface MailDeps {
  db: Db;
  secrets: SecretBox;
  env: Record<string, string | undefined>;
}

/** The headers we add, as they are sent (and as the outbox shows them). */
export function mailHeaders(mail: OutgoingMail): Record<string, string> {
  const headers: Record<string, string> = {};
  if (mail.autoReplied) headers['Auto-Submitted'] = 'auto-replied';
  if (mail.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${mail.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}

export class MailSendError extends Error {}

/**
 * Sends a mail from the mailbox: through its SMTP server (nodemailer, the host checked by the
 * outbound guard), or, for a mailbox without SMTP settings, into the sandbox outbox. Throws
 * MailSendError with the reason in plain words when the server refuses it.
 */
export async function deliverMail(
  deps: MailDeps,
  mailbox: MailboxRow,
  mail: OutgoingMail,
): Promise<{ status: 'sent' | 'outbox'; response: string | null }> {
  const headers = mailHeaders(mail);
  const smtp = serverOf(deps.secrets, mailbox, 'smtp');
  if (!smtp) {
    const all: Record<string, string> = {
      'Message-ID': mail.messageId,
      ...(mail.inReplyTo ? { 'In-Reply-To': mail.inReplyTo } : {}),
      ...(mail.references?.length ? { References: mail.references.join(' ') } : {}),
      ...headers,
    };
    await deps.db.insert(mailOutbox).values({
      organizationId: mailbox.organizationId,
      mailboxId: mailbox.id,
      fromAddress: mailbox.emailAddress,
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.text,
      rfcMessageId: mail.messageId,
      headers: all,
    });
    return { status: 'outbox', response: null };
  }
  let transport;
  try {
    transport = await smtpTransport(smtp, mailAllowHosts(deps.env));
  } catch (error) {
    throw new MailSendError(plainMailError(error, 'SMTP', smtp));
  }
  try {
    const info = await transport.sendMail({
      from: mailbox.displayName
        ? { name: mailbox.displayName, address: mailbox.emailAddress }
        : mailbox.emailAddress,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
      inReplyTo: mail.inReplyTo ?? undefined,
      references: mail.references?.length ? mail.references : undefined,
      headers,
    });
    return { status: 'sent', response: String(info.response ?? '') || null };
  } catch (error) {
    throw new MailSendError(plainMailError(error, 'SMTP', smtp));
  } finally {
    transport.close();
  }
}

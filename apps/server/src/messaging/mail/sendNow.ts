import {
  mailMessages as words,
  mailSendFailedWords,
  sendFailedMessage,
  type MailSendAnswer,
} from '@parley/api-client';
import type { Services } from '../../lib/env';
import { HttpError } from '../../lib/http';
import { reserveSend, sendLimitsOf } from '../sendLimits';
import type { MailboxRow } from './mailboxes';
import { deliverMail, MailSendError } from './send';
import { completeOutbound, recordOutbound } from './store';

/**
 * A member's (or the agent's send_email tool's) mail, now: recorded on its thread ('sending', counted against the organization's
 * Email sending limit) before the server is called, then completed with the server's answer.
 */
export async function sendMailNow(
  services: Pick<Services, 'db' | 'secrets' | 'env'>,
  mailbox: MailboxRow,
  mail: { to: string; subject: string; text: string },
  author: 'member' | 'agent' = 'member',
  /** The member who sent it (shown as the author in the thread: their name, else their address). */
  member?: { id: string; name: string },
): Promise<MailSendAnswer> {
  const { db } = services;
  const recorded = await reserveSend(
    db,
    sendLimitsOf(services.env),
    mailbox.organizationId,
    'email',
    (tx) =>
      recordOutbound(tx, mailbox, {
        ...mail,
        status: 'sending',
        author,
        metadata: member ? { member_id: member.id, member_name: member.name } : undefined,
      }),
  );
  try {
    const sent = await deliverMail(services, mailbox, {
      ...mail,
      messageId: recorded.rfcMessageId,
    });
    await completeOutbound(db, recorded.messageId, {
      status: sent.status,
      rfcMessageId: recorded.rfcMessageId,
    });
    return {
      success: true,
      message: sent.status === 'outbox' ? words.outbox : words.sent,
      data: {
        status: sent.status,
        message_id: recorded.rfcMessageId,
        conversation_id: recorded.conversationId,
        from_email: mailbox.emailAddress,
        to_email: mail.to,
        scheduled_time: null,
      },
      timestamp: new Date().toISOString(),
    };
  } catch (error) {
    const reason =
      error instanceof MailSendError ? error.message : String((error as Error)?.message ?? error);
    await completeOutbound(db, recorded.messageId, { error: reason });
    throw new HttpError(
      502,
      sendFailedMessage(mailSendFailedWords(mailbox.smtpMasked?.host), reason),
    );
  }
}

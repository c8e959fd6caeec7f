import { Hono } from 'hono';
import {
  mailDraftSendRequestSchema,
  mailMessages as words,
  mailSendFailedWords,
  sendFailedMessage,
  type MailSendAnswer,
} from '@parley/api-client';
import type { AppEnv, Services } from '../../lib/env';
import { HttpError } from '../../lib/http';
import { storageOf } from '../../privacy/agentPrivacy';
import { orgOf, readFields, validate } from '../routes';
import { reserveSend, sendLimitsOf } from '../sendLimits';
import {
  backToDraft,
  discardDraft,
  draftOf,
  forgetDraftWords,
  replyJobOf,
  takeDraft,
} from './draftStore';
import { sentSubject } from './reply';
import { deliverMail, MailSendError } from './send';
import { completeOutbound } from './store';

/** An agent's draft reply waiting for approval: send it (optionally edited) or discard it. */
export function mailDraftRoutes(services: Services) {
  const { db, env } = services;
  const app = new Hono<AppEnv>();

  app.post('/drafts/:id/send', async (c) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    const body = validate(mailDraftSendRequestSchema, fields);
    const { message, mail, mailbox } = await draftOf(db, orgId, c.req.param('id'));
    const job = await replyJobOf(db, message.id);
    const text = body.text ?? job.text ?? message.content;
    const kept = (await storageOf(db, orgId, mailbox.agentName))(text);
    // Taken by this request only: a second click finds no draft.
    const taken = await reserveSend(db, sendLimitsOf(env), orgId, 'email', (tx) =>
      takeDraft(tx, message, kept.content, c.get('user').id),
    );
    if (!taken.length) throw new HttpError(404, 'Draft not found');
    try {
      const sent = await deliverMail(services, mailbox, {
        to: mail.toAddress,
        // As written (the stored subject may be redacted or empty).
        subject: sentSubject(job, mail.subject),
        text,
        messageId: mail.rfcMessageId,
        inReplyTo: mail.inReplyTo,
        references: mail.references,
      });
      await completeOutbound(db, message.id, {
        status: sent.status,
        rfcMessageId: mail.rfcMessageId,
      });
      await forgetDraftWords(db, message.id, kept.content);
      return c.json({
        success: true,
        message: words.draftSent,
        data: {
          status: sent.status,
          message_id: mail.rfcMessageId,
          conversation_id: message.conversationId,
          from_email: mailbox.emailAddress,
          to_email: mail.toAddress,
          scheduled_time: null,
        },
        timestamp: new Date().toISOString(),
      } satisfies MailSendAnswer);
    } catch (error) {
      const reason =
        error instanceof MailSendError ? error.message : String((error as Error)?.message);
      // Back to a draft: a member can try again.
      await backToDraft(db, message.id, reason);
      throw new HttpError(
        502,
        sendFailedMessage(mailSendFailedWords(mailbox.smtpMasked?.host), reason),
      );
    }
  });

  app.delete('/drafts/:id', async (c) => {
    const orgId = await orgOf(c, db);
    const { message } = await draftOf(db, orgId, c.req.param('id'));
    await discardDraft(db, message.id);
    return c.json({ success: true, message: words.draftDiscarded });
  });

  return app;
}

import { Hono } from 'hono';
import MailComposer from 'nodemailer/lib/mail-composer';
import { mailSimulateInboundRequestSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../../lib/env';
import { HttpError } from '../../lib/http';
import { orgOf, readFields, validate } from '../routes';
import { mailboxOf } from './mailboxes';
import { outboxOf } from './mailboxStore';
import { receiveRaw } from './webhooks';

/** A raw message built from simple fields (for 'Simulate inbound email'). */
function composeRaw(fields: {
  from: string;
  to: string;
  subject: string;
  text: string;
  inReplyTo?: string;
}): Promise<Buffer> {
  const composer = new MailComposer({
    from: fields.from,
    to: fields.to,
    subject: fields.subject,
    text: fields.text,
    inReplyTo: fields.inReplyTo,
    references: fields.inReplyTo ? [fields.inReplyTo] : undefined,
  });
  return new Promise((resolve, reject) =>
    composer.compile().build((err, message) => (err ? reject(err) : resolve(message))),
  );
}

/** The sandbox: the outbox of mailboxes without SMTP settings and 'Simulate inbound email'. */
export function mailSandboxRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  app.get('/outbox', async (c) => {
    const orgId = await orgOf(c, db);
    const rows = await outboxOf(db, orgId, c.req.query('mailbox')?.trim().toLowerCase());
    return c.json({
      messages: rows.map((r) => ({
        id: r.id,
        from: r.fromAddress,
        to: r.toAddress,
        subject: r.subject,
        text: r.body,
        message_id: r.rfcMessageId,
        headers: r.headers,
        created_at: r.createdAt.toISOString(),
      })),
    });
  });

  app.post('/simulate-inbound', async (c) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    const body = validate(mailSimulateInboundRequestSchema, fields);
    const mailbox = await mailboxOf(db, orgId, body.to);
    if (!mailbox) throw new HttpError(400, "to: is not one of this organization's mailboxes");
    const raw = await composeRaw({
      from: body.from,
      to: body.to,
      subject: body.subject,
      text: body.text,
      inReplyTo: body.in_reply_to,
    });
    return c.json(await receiveRaw(services, mailbox, raw));
  });

  return app;
}

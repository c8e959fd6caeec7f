import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { MailInboundAnswer } from '@parley/api-client';
import type { Services } from '../../lib/env';
import { HttpError } from '../../lib/http';
import { pageHeaders } from '../../lib/securityHeaders';
import { mailboxes } from '../../db/schema';
import { parseInbound, receiveMail } from './inbound';
import type { MailboxRow } from './mailboxes';
import { mailLimits, MailRefusedError } from './mailLimits';
import { MailParserBusyError } from './parsePool';
import { unsubscribe, unsubscribeLink, unsubscribePage } from './unsubscribe';

/**
 * A raw mail handed to a mailbox by a caller that gets the answer (the inbound URL, 'Simulate
 * inbound email'): a mail over the bounds (mailLimits) is a 400/413 naming the reason, and
 * nothing is stored.
 */
export async function receiveRaw(
  services: Services,
  mailbox: MailboxRow,
  raw: Buffer,
): Promise<MailInboundAnswer> {
  let mail;
  try {
    // The bytes move to the parser thread without a copy (nothing here reads them again).
    mail = await parseInbound(raw, { transfer: true });
  } catch (error) {
    if (error instanceof MailRefusedError)
      throw new HttpError(error.status, `body: ${error.message}`, { code: 'mail_refused' });
    if (error instanceof MailParserBusyError)
      throw new HttpError(503, `body: ${error.message}`, { retryAfter: 5 });
    throw error;
  }
  return receiveMail(services, mailbox, mail);
}

const page = (html: string, status: 200 | 404 = 200) =>
  new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...pageHeaders({ inlineStyles: true }),
      // The link's token stays off any site the page might lead to.
      'Referrer-Policy': 'no-referrer',
    },
  });

/**
 * /webhooks/mail: `POST /{token}` delivers a raw message (message/rfc822, at most 10 MB) to the
 * mailbox whose inbound URL it is; an unknown token is 404 and nothing is stored. The one-click
 * unsubscribe links of campaign mail (`/unsubscribe/{send}.{signature}`) live here too.
 */
export function mailWebhookRoutes(services: Services) {
  const { db } = services;
  const app = new Hono();
  // One-click unsubscribe (RFC 8058): POST unsubscribes; GET (a person following the link) asks.
  app.get('/unsubscribe/:token', async (c) => {
    const link = await unsubscribeLink(db, c.req.param('token'));
    if (!link) return page(unsubscribePage({ kind: 'invalid' }), 404);
    return page(unsubscribePage({ kind: 'ask', sender: link.sender, action: c.req.path }));
  });
  app.post('/unsubscribe/:token', async (c) => {
    const sender = await unsubscribe(db, c.req.param('token'));
    if (!sender) return page(unsubscribePage({ kind: 'invalid' }), 404);
    return page(unsubscribePage({ kind: 'done', sender }));
  });
  app.post('/:token', async (c) => {
    const token = c.req.param('token');
    const [mailbox] = /^[A-Za-z0-9_-]{16,64}$/.test(token)
      ? await db.select().from(mailboxes).where(eq(mailboxes.inboundToken, token)).limit(1)
      : [];
    if (!mailbox) throw new HttpError(404, 'Mailbox not found');
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'message/rfc822')
      throw new HttpError(415, 'body: Content-Type must be message/rfc822 (a raw message)');
    const raw = Buffer.from(await c.req.arrayBuffer());
    if (raw.length > mailLimits.maxBytes)
      throw new HttpError(413, 'body: A message is larger than the 10 MB limit');
    if (!raw.length) throw new HttpError(400, 'body: is empty (a raw message is expected)');
    return c.json(await receiveRaw(services, mailbox, raw));
  });
  return app;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { mailMessages as words } from '@parley/api-client';
import type { Db } from '../../db/client';
import { mailboxes, mailSends, mailSuppressions, organization } from '../../db/schema';
import type { MailboxRow } from './mailboxes';

/**
 * One-click unsubscribe (RFC 8058) of campaign mail. Each link names its send and carries an
 * HMAC of it keyed by the mailbox's own unsubscribe key (`mailboxes.unsubscribe_key`, which
 * never leaves the server). Links sent before that key existed were signed with the mailbox's
 * inbound token; those sends (`unsubscribe_legacy`) keep a working link, no other send does.
 */

const sign = (key: string, sendId: string) =>
  createHmac('sha256', key).update(`unsubscribe:${sendId}`).digest('base64url').slice(0, 32);

/** The signed unsubscribe link of one campaign mail. */
export const unsubscribeUrl = (
  baseUrl: string,
  mailbox: Pick<MailboxRow, 'unsubscribeKey'>,
  sendId: string,
) => `${baseUrl}/webhooks/mail/unsubscribe/${sendId}.${sign(mailbox.unsubscribeKey, sendId)}`;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Who a link's mail came from, as its recipient knows them. */
export interface UnsubscribeSender {
  /** The mailbox's display name, else the organization's name, else the address. */
  name: string;
  address: string;
  organization: string;
}

/** The send a link names when its signature holds, with its sender; else null. */
export async function unsubscribeLink(db: Db, token: string) {
  const m =
    /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{32})$/.exec(
      token,
    );
  if (!m) return null;
  const [row] = await db
    .select({ send: mailSends, mailbox: mailboxes, orgName: organization.name })
    .from(mailSends)
    .innerJoin(mailboxes, eq(mailboxes.id, mailSends.mailboxId))
    .innerJoin(organization, eq(organization.id, mailSends.organizationId))
    .where(and(eq(mailSends.id, m[1]!), sql`${mailSends.campaignId} is not null`))
    .limit(1);
  if (!row) return null;
  const valid =
    same(sign(row.mailbox.unsubscribeKey, row.send.id), m[2]!) ||
    (row.send.unsubscribeLegacy && same(sign(row.mailbox.inboundToken, row.send.id), m[2]!));
  if (!valid) return null;
  const sender: UnsubscribeSender = {
    name: row.mailbox.displayName || row.orgName || row.mailbox.emailAddress,
    address: row.mailbox.emailAddress,
    organization: row.orgName ?? '',
  };
  return { send: row.send, sender };
}

/** Checks a link's signature; unsubscribes its recipient from the organization's campaigns. */
export async function unsubscribe(db: Db, token: string) {
  const link = await unsubscribeLink(db, token);
  if (!link) return null;
  const { send } = link;
  await db
    .insert(mailSuppressions)
    .values({
      organizationId: send.organizationId,
      emailAddress: send.toAddress,
      reason: 'unsubscribed',
      campaignId: send.campaignId,
    })
    .onConflictDoNothing();
  // Later mail of running campaigns to the address is not sent either.
  await db
    .update(mailSends)
    .set({ status: 'skipped', lastError: 'unsubscribed' })
    .where(
      and(
        eq(mailSends.organizationId, send.organizationId),
        eq(mailSends.toAddress, send.toAddress),
        eq(mailSends.status, 'pending'),
        sql`${mailSends.campaignId} is not null`,
      ),
    );
  return link.sender;
}

/** Text for an HTML text node or attribute. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** The console's light and dark colours and type (packages/ui's tokens), for a page of its own. */
const style = `
:root{color-scheme:light dark;--bg:#f7f8fc;--surface:#fff;--border:#dfe3ec;--text:#1a202c;--muted:#5a6478;--primary:#4c5fd5;--primary-hover:#3b4cc0;--on-primary:#fff;--success:#22543d;--success-bg:#e3f6ea;--danger:#9b2c2c;--danger-bg:#fde8e8}
@media (prefers-color-scheme:dark){:root{--bg:#0f1320;--surface:#171c2c;--border:#2c3450;--text:#edf0f7;--muted:#a3acc2;--primary:#8b9cf4;--primary-hover:#a5b3f7;--on-primary:#0f1320;--success:#9ae6b4;--success-bg:#1b3327;--danger:#feb2b2;--danger-bg:#3b1f26}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:var(--bg);color:var(--text);font:14px/1.5 Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:100%;max-width:440px;background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:32px;box-shadow:0 4px 12px rgba(16,24,40,.1)}
h1{font-size:20px;font-weight:600;margin:0 0 8px;overflow-wrap:anywhere}
p{margin:0 0 16px;color:var(--muted);overflow-wrap:anywhere}
.sender{color:var(--text);font-weight:500}
.note{padding:12px 16px;border-radius:8px}
.ok{background:var(--success-bg);color:var(--success)}
.bad{background:var(--danger-bg);color:var(--danger)}
button{font:inherit;font-weight:500;border:0;border-radius:8px;padding:10px 16px;background:var(--primary);color:var(--on-primary);cursor:pointer;width:100%}
button:hover{background:var(--primary-hover)}
button:focus-visible{outline:2px solid var(--primary);outline-offset:2px}
`;

const senderLine = (s: UnsubscribeSender) =>
  `<span class="sender">${escapeHtml(s.name)}</span> (${escapeHtml(s.address)})${
    s.organization && s.organization !== s.name ? ` of ${escapeHtml(s.organization)}` : ''
  }`;

/**
 * The unsubscribe page: asks (GET, with the button that POSTs), says it is done, or says the link
 * is not valid. Styled like the console (light and dark), naming the sender.
 */
export function unsubscribePage(
  state:
    | { kind: 'ask'; sender: UnsubscribeSender; action: string }
    | { kind: 'done'; sender: UnsubscribeSender }
    | { kind: 'invalid' },
) {
  const body =
    state.kind === 'ask'
      ? `<h1>Unsubscribe from ${escapeHtml(state.sender.name)}?</h1><p>You will receive no more campaign emails from ${senderLine(state.sender)}.</p><form method="post" action="${escapeHtml(state.action)}"><button type="submit">Unsubscribe</button></form>`
      : state.kind === 'done'
        ? `<h1>You are unsubscribed</h1><p class="note ok" role="status">${escapeHtml(words.unsubscribed)}</p><p>Sender: ${senderLine(state.sender)}</p>`
        : `<h1>Unsubscribe</h1><p class="note bad" role="alert">This unsubscribe link is not valid.</p><p>Use the link of the most recent email you received.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Unsubscribe</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
}

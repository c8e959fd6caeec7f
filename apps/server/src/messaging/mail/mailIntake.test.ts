import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { type MailClient } from '@parley/api-client';
import { type TestServer, type TestUser } from '../../../test/harness';
import { mailTestAccount, rawMail, startMailTest, type MailTest } from '../../../test/mailFixtures';
import { hostileMailsWithReasons, manyParts, manyReferences } from '../../../test/hostileMail';
import { mailboxes, mailMessages, messages } from '../../db/schema';

/**
 * Hostile inbound mail (issue 37, items 1 and 6): at the inbound URL a mail over the bounds is a
 * 4xx naming the reason and nothing is stored; over IMAP such a mail (or one that cannot be
 * stored) is recorded as refused, shown with the mailbox, and the reader moves past it, so the
 * next mail is answered; a failing connection is retried after 1 s, 2 s … (not at once).
 */

const { box: user1, password } = mailTestAccount;
let t: MailTest;
let server: TestServer;
let user: TestUser;
let mail: MailClient;

beforeAll(async () => {
  t = await startMailTest({
    orgName: 'Intake Org',
    prefix: 'intake',
    env: { PARLEY_IMAP_LEASE_MS: '3000', PARLEY_IMAP_POLL_MS: '300' },
  });
  ({ server, user, mail } = t);
});
afterAll(() => t?.close());

const saveMailbox = (email: string, body: Record<string, unknown>) => t.saveMailbox(email, body);
/** The organization's mailboxes as the server answers them (raw). */
async function rawMailboxes() {
  const res = await user.raw('GET', '/messaging/mail/mailboxes');
  return (
    res.body as { mailboxes: { email_address: string; imap: { last_error: string } | null }[] }
  ).mailboxes;
}

const smtpSettings = { host: '127.0.0.1', port: 0, secure: false, username: user1, password };
const assign = (email: string) => t.mapToAgent(email);
const count = async () => {
  const [m] = await server.db.select({ n: sql<number>`count(*)::int` }).from(messages);
  const [mm] = await server.db.select({ n: sql<number>`count(*)::int` }).from(mailMessages);
  return { messages: Number(m!.n), mail: Number(mm!.n) };
};
const repliesTo = (id: string) => t.smtp.received.filter((m) => m.inReplyTo === id);

describe('the inbound URL', () => {
  it('refuses every hostile mail with a 4xx and its reason, stores nothing, then takes a normal one', async () => {
    const saved = await saveMailbox(user1, {
      smtp: { ...smtpSettings, port: t.smtp.port },
    });
    await assign(user1);
    const url = saved.inbound_url;
    const before = await count();
    for (const [raw, reason] of hostileMailsWithReasons()) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'message/rfc822' },
        body: raw,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string };
      expect(body.error).toMatch(/^body: /);
      expect(body.error).toMatch(reason);
    }
    expect(await count()).toEqual(before);
    const ok = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'message/rfc822' },
      body: rawMail(
        { From: 'ann@example.com', To: user1, Subject: 'Hours', 'Message-ID': '<url-ok@x.test>' },
        'When do you open?',
      ),
    });
    expect(ok.status).toBe(200);
    await expect.poll(() => repliesTo('<url-ok@x.test>').length, { timeout: 20_000 }).toBe(1);
  });
});

/** hoodiecrow-imap: a scriptable IMAP4rev1 server (in memory). */
interface Hoodiecrow {
  server: import('node:net').Server;
  listen(port: number, host: string): void;
  close(cb: () => void): void;
  appendMessage(path: string, flags: string[], date: Date, raw: string): void;
}
const hoodiecrow = createRequire(import.meta.url)('hoodiecrow-imap') as (o: object) => Hoodiecrow;

async function imapServer() {
  const imap = hoodiecrow({
    plugins: ['IDLE'],
    users: { [user1]: { password } },
    storage: { INBOX: { uidvalidity: 5, messages: [] } },
  });
  const connections: number[] = [];
  imap.server.on('connection', () => connections.push(performance.now()));
  imap.listen(0, '127.0.0.1');
  await once(imap.server, 'listening');
  return {
    port: (imap.server.address() as AddressInfo).port,
    connections,
    append: (raw: Buffer) => imap.appendMessage('INBOX', [], new Date(), raw.toString('latin1')),
    close: () => new Promise<void>((resolve) => imap.close(() => resolve())),
  };
}

describe('IMAP: one mail never stops a mailbox', () => {
  let imap: Awaited<ReturnType<typeof imapServer>>;
  beforeAll(async () => {
    imap = await imapServer();
    // A mail the database refuses to store (as a bug or a bad byte would): a trigger.
    await server.db.execute(sql`
      CREATE FUNCTION poison_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.rfc_message_id = '<poison@example.com>' THEN
          RAISE EXCEPTION 'poisoned insert into mail_messages';
        END IF;
        RETURN NEW;
      END $$`);
    await server.db.execute(sql`
      CREATE TRIGGER poison_mail BEFORE INSERT ON mail_messages
      FOR EACH ROW EXECUTE FUNCTION poison_mail()`);
  });
  afterAll(async () => {
    // The readers log out first: the IMAP server closes once no connection is open.
    await server.imap.stop();
    await imap?.close();
  });
  const box = 'imap@acme.test';
  const rowOf = async () =>
    (await server.db.select().from(mailboxes).where(eq(mailboxes.emailAddress, box)))[0]!;

  it('refuses the unreadable and unstorable mails (recorded, shown), moves past them, answers the next', async () => {
    await saveMailbox(box, {
      smtp: { ...smtpSettings, port: t.smtp.port },
      imap: { ...smtpSettings, port: imap.port, folder: 'INBOX' },
    });
    await assign(box);
    await expect.poll(async () => (await rowOf()).imapLastUid, { timeout: 20_000 }).toBe(0);
    imap.append(manyParts(1100));
    // Long lines: the test IMAP server's own parser is slow on many folded header lines.
    imap.append(manyReferences(70_000, 1000));
    imap.append(
      rawMail(
        {
          From: 'eve@example.com',
          To: box,
          Subject: 'Poison',
          'Message-ID': '<poison@example.com>',
        },
        'This one cannot be stored',
      ),
    );
    imap.append(
      rawMail(
        { From: 'bob@example.com', To: box, Subject: 'Order', 'Message-ID': '<after@example.com>' },
        'Where is my order?',
      ),
    );
    await expect.poll(() => repliesTo('<after@example.com>').length, { timeout: 30_000 }).toBe(1);
    const row = await rowOf();
    expect(row.imapLastUid).toBe(4);
    const listed = (await mail.mailboxes()).mailboxes.find((m) => m.email_address === box)!;
    expect(listed.refused.total).toBe(3);
    expect(listed.refused.recent.map((r) => [r.imap_uid, r.reason])).toEqual([
      [3, 'the mail could not be stored on this server (the details are in the server log)'],
      [2, "the mail's References header is larger than 64 KB"],
      [1, 'the mail has more than 1,000 MIME parts'],
    ]);
    expect(listed.refused.recent[2]).toMatchObject({
      from: 'Mallory <mallory@example.com>',
      subject: 'Many parts',
    });
    expect(listed.refused.recent[0]).toMatchObject({ from: 'eve@example.com', subject: 'Poison' });
    // No SQL reaches a member: not in the refusals, not in the mailbox's status.
    expect(JSON.stringify(listed)).not.toMatch(/insert|poisoned|mail_messages/i);
    expect(listed.imap!.last_error).toBeNull();
    // Read once: no mail is read again after the reader moved past it.
    const stored = await server.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.mailboxId, row.id));
    expect(stored.filter((m) => m.fromAddress !== box).map((m) => m.rfcMessageId)).toEqual([
      '<after@example.com>',
    ]);
  });

  it('a failing connection waits 1 s, 2 s … before trying again (new mail does not hurry it)', async () => {
    const wrong = 'wrong@acme.test';
    const started = imap.connections.length;
    await saveMailbox(wrong, {
      imap: { ...smtpSettings, username: wrong, port: imap.port, folder: 'INBOX' },
    });
    const shown = await pollText(
      async () =>
        (await rawMailboxes()).find((m) => m.email_address === wrong)?.imap?.last_error ?? '',
    );
    expect(shown).toContain('IMAP failed: the IMAP server refused the username or password');
    await expect
      .poll(() => imap.connections.length - started, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    await user.raw('DELETE', `/messaging/mail/mailboxes/${wrong}`);
    const times = imap.connections.slice(started, started + 3);
    // 1 s then 2 s, each at least 80 % of it (the jitter): a slow machine only waits longer.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(800);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1600);
  });
});

/** Polls until `read` gives a non-empty string. */
async function pollText(read: () => Promise<string>) {
  let value = '';
  await expect.poll(async () => (value = await read()), { timeout: 20_000 }).not.toBe('');
  return value;
}

import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { createMailClient, type MailClient } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness';
import { giveToolStep } from '../../../test/conversationFixtures';
import {
  mailServerEnv,
  mappingKeyOf,
  rawMail as rawMailOf,
  mailTestAccount,
  startMailTest,
  type MailTest,
} from '../../../test/mailFixtures';
import { rowsOf } from '../../db/rows';
import { startImapPoller, type ImapPoller } from './imap';
import {
  conversations,
  mailboxes,
  mailMessages,
  messageReplies,
  mailSends,
  messages,
} from '../../db/schema';

/**
 * The Email channel against a real SMTP server on loopback (smtp-server): what we send arrives
 * with our headers; inbound raw mail → the agent's reply in the same thread; loops and
 * redeliveries unanswered; validation and tenant isolation.
 */

const { box: smtpUser, password: smtpPassword } = mailTestAccount;
let t: MailTest;
let received: ParsedMail[];
let smtpPort = 0;
let server: TestServer;
let user: TestUser;
let mail: MailClient;
let orgId: string;
let agentId: string;
let inboundUrl = '';
const serverEnv = { ...mailServerEnv, PARLEY_IMAP_LEASE_MS: '3000', PARLEY_IMAP_POLL_MS: '300' };

beforeAll(async () => {
  t = await startMailTest({
    orgName: 'Mail Org',
    prefix: 'mailer',
    env: serverEnv,
    smtpUsername: smtpUser,
  });
  ({ server, user, mail, orgId, agentId } = t);
  received = t.smtp.received;
  smtpPort = t.smtp.port;
});
afterAll(() => t?.close());

const smtpSettings = (password = smtpPassword) => ({
  host: '127.0.0.1',
  port: smtpPort,
  secure: false,
  username: smtpUser,
  password,
});

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The agent's key as a mapping names it (its chatbot key, else its id). */
const agentKey = () => mappingKeyOf(server, agentId);

/** A raw RFC 5322 message (UTF-8). */
const rawMail = (h: Record<string, string>, body: string) => rawMailOf(h, body, 'utf-8');

const post = (url: string, raw: Buffer, type = 'message/rfc822') =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': type }, body: raw });

const sentTo = (to: string) => received.filter((m) => m.to && JSON.stringify(m.to).includes(to));

describe('mailboxes', () => {
  it('bad settings are refused naming the field, and nothing is written', async () => {
    const res = await user.raw('PUT', `/messaging/mail/mailboxes/${smtpUser}`, {
      smtp: { ...smtpSettings(), port: 70000 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('smtp.port: must be a number from 1 to 65535');
    const missing = await user.raw('PUT', `/messaging/mail/mailboxes/${smtpUser}`, {
      smtp: { host: '127.0.0.1', port: smtpPort, secure: false, username: smtpUser },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('smtp.password: is required');
    const bad = await user.raw('PUT', '/messaging/mail/mailboxes/not-an-address', {});
    expect(bad.status).toBe(400);
    expect((await mail.mailboxes()).mailboxes).toEqual([]);
  });

  it('saves SMTP settings encrypted, answers the password masked, tests the server', async () => {
    const saved = await mail.saveMailbox(smtpUser, { smtp: smtpSettings(), display_name: 'Acme' });
    expect(saved.mailbox).toMatchObject({
      email_address: smtpUser,
      sending: 'smtp',
      autonomy: 'auto',
      smtp: { host: '127.0.0.1', port: smtpPort, username: smtpUser },
    });
    expect(saved.mailbox.smtp!.password).toMatch(/^•+1234$/);
    expect(JSON.stringify(saved)).not.toContain(smtpPassword);
    expect(saved.mailbox.inbound_url).toMatch(/\/webhooks\/mail\/[A-Za-z0-9_-]{20,}$/);
    inboundUrl = saved.mailbox.inbound_url;
    const [row] = await server.db
      .select()
      .from(mailboxes)
      .where(eq(mailboxes.emailAddress, smtpUser));
    expect(row!.smtpEncrypted).not.toContain(smtpPassword);
    const tested = await mail.testMailbox(smtpUser);
    expect(tested).toMatchObject({ success: true, imap: null, smtp: { ok: true } });
    // The masked password sent back keeps the stored one.
    const again = await mail.saveMailbox(smtpUser, {
      smtp: { ...smtpSettings(saved.mailbox.smtp!.password) },
    });
    expect(again.mailbox.smtp!.password).toBe(saved.mailbox.smtp!.password);
    expect((await mail.testMailbox(smtpUser)).success).toBe(true);
  });

  it('a wrong password fails the test in plain words', async () => {
    await mail.saveMailbox('wrong@acme.test', {
      smtp: { ...smtpSettings('not-the-password'), username: 'wrong@acme.test' },
    });
    const tested = await mail.testMailbox('wrong@acme.test');
    expect(tested.success).toBe(false);
    expect(tested.smtp!.message).toContain('refused the username or password');
    await mail.deleteMailbox('wrong@acme.test');
  });
});

describe('assign, send, inbound → the agent answers in the thread', () => {
  it('assigns the agent (the key must be one of the organization’s agents)', async () => {
    const wrong = await user.raw(
      'POST',
      `/messaging/mail/agent-mapping?email_address=${smtpUser}&agent_url=agent:nobody&api_key=x`,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("agent_url: is not one of this organization's agents");
    const bad = await user.raw(
      'POST',
      `/messaging/mail/agent-mapping?email_address=nope&agent_url=agent:${agentId}&api_key=${agentId}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('email_address: Please enter a valid email address');
    expect((await mail.agentMappings()).mappings).toEqual([]);
    const key = await agentKey();
    const mapped = await mail.mapAgent({
      email_address: smtpUser,
      agent_url: `agent:${agentId}`,
      api_key: key,
      description: 'Support',
    });
    expect(mapped.data).toMatchObject({
      email_address: smtpUser,
      agent_id: agentId,
      status: 'active',
    });
    const list = await mail.agentMappings();
    expect(list.total_mappings).toBe(1);
  });

  it('sends from the Send Message form through SMTP with our Message-ID', async () => {
    const bad = await user.raw('POST', '/messaging/mail/webhook/send', {
      recipient_phone: 'ann@example.com',
      receiving_number: smtpUser,
      context: '',
      message_text: 'Hi',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('context: Subject is required');
    const notOurs = await user.raw('POST', '/messaging/mail/webhook/send', {
      recipient_phone: 'ann@example.com',
      receiving_number: 'someone@else.test',
      context: 'Hello',
      message_text: 'Hi',
    });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.error).toBe(
      "receiving_number: is not one of this organization's mailboxes",
    );
    const sent = await mail.send({
      recipient_phone: 'ann@example.com',
      receiving_number: smtpUser,
      context: 'Your order',
      message_text: 'It ships today.',
    });
    expect(sent).toMatchObject({
      success: true,
      message: 'Email sent successfully!',
      data: { status: 'sent' },
    });
    const got = await until(
      () => sentTo('ann@example.com'),
      (l) => l.length > 0,
    );
    expect(got[0]!.messageId).toBe(sent.data.message_id);
    expect(got[0]!.subject).toBe('Your order');
    expect(got[0]!.headers.get('auto-submitted')).toBeUndefined();
    const test = await mail.sendTestEmail({
      to_email: 'bob@example.com',
      subject: 'Test',
      message: 'Ping',
      from_email: smtpUser,
    });
    expect(test.data.status).toBe('sent');
  });

  it('an inbound mail is answered once with threading headers; a reply joins the thread', async () => {
    const first = rawMail(
      {
        From: 'Carol <carol@example.com>',
        To: smtpUser,
        Subject: 'Hello',
        'Message-ID': '<m1@example.com>',
      },
      'Do you ship to Canada?\r\n\r\nOn Mon, Bob wrote:\r\n> earlier text\r\n',
    );
    const res = await post(inboundUrl, first);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { reply_queued: boolean; conversation_id: string };
    expect(body.reply_queued).toBe(true);
    // Redelivered: stored once, answered once.
    const again = await (await post(inboundUrl, first)).json();
    expect(again).toMatchObject({ stored: false, reply_queued: false });
    const replies = await until(
      () => sentTo('carol@example.com'),
      (l) => l.length > 0,
    );
    const reply = replies[0]!;
    expect(reply.subject).toBe('Re: Hello');
    expect(reply.inReplyTo).toBe('<m1@example.com>');
    expect(reply.references).toBe('<m1@example.com>');
    expect(reply.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply.messageId).toMatch(/@acme\.test>$/);
    // The agent saw the new text only.
    const [inbound] = await server.db
      .select()
      .from(messages)
      .where(
        and(eq(messages.conversationId, body.conversation_id), eq(messages.direction, 'inbound')),
      );
    expect(inbound!.content).toBe('Do you ship to Canada?');

    const second = rawMail(
      {
        From: 'carol@example.com',
        To: smtpUser,
        Subject: 'Re: Hello',
        'Message-ID': '<m2@example.com>',
        'In-Reply-To': reply.messageId!,
        References: `<m1@example.com> ${reply.messageId}`,
      },
      'Great, and to Mexico?',
    );
    const next = (await (await post(inboundUrl, second)).json()) as { conversation_id: string };
    expect(next.conversation_id).toBe(body.conversation_id);
    const both = await until(
      () => sentTo('carol@example.com'),
      (l) => l.length > 1,
    );
    expect(both[1]!.subject).toBe('Re: Hello');
    expect(both[1]!.inReplyTo).toBe('<m2@example.com>');
    expect(both[1]!.references).toEqual(['<m1@example.com>', reply.messageId, '<m2@example.com>']);
    const threads = await mail.conversations({ mailbox: smtpUser });
    const thread = threads.conversations.find((t) => t.id === body.conversation_id)!;
    expect(thread.messages.map((m) => m.direction)).toEqual([
      'outbound',
      'inbound',
      'outbound',
      'inbound',
    ]);
    // An agent reply that called tools carries its steps.
    const agentReply = thread.messages.find((m) => m.author === 'agent')!;
    expect(agentReply.tool_steps).toBeUndefined();
    const step = await giveToolStep(server.db, agentReply.id);
    const withSteps = (await mail.conversations({ mailbox: smtpUser })).conversations.find(
      (t) => t.id === body.conversation_id,
    )!;
    expect(withSteps.messages.find((m) => m.id === agentReply.id)!.tool_steps).toEqual([step]);
    const mappings = await mail.conversationMappings();
    expect(
      mappings.mappings.find((m) => m.conversation_id === body.conversation_id)!.message_ids,
    ).toContain('<m2@example.com>');
  });

  it('auto-replies, bulk mail, bounces and mailer-daemon are stored and never answered', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ From: 'dave@example.com', 'Auto-Submitted': 'auto-replied' }, 'Auto-Submitted'],
      [{ From: 'erin@example.com', Precedence: 'bulk' }, 'Precedence: bulk'],
      [{ From: 'MAILER-DAEMON@example.com' }, 'mailer-daemon'],
      [{ From: 'postmaster@example.com' }, 'postmaster'],
    ];
    let i = 0;
    for (const [headers, reason] of cases) {
      i++;
      const res = (await (
        await post(
          inboundUrl,
          rawMail(
            {
              To: smtpUser,
              Subject: `Auto ${i}`,
              'Message-ID': `<auto${i}@example.com>`,
              ...headers,
            },
            'I am away',
          ),
        )
      ).json()) as { stored: boolean; reply_queued: boolean; not_answered: string };
      expect(res).toMatchObject({ stored: true, reply_queued: false });
      expect(res.not_answered).toContain(reason);
    }
    const dsn = Buffer.from(
      [
        'From: mail-system@example.com',
        `To: ${smtpUser}`,
        'Subject: Undelivered',
        'Message-ID: <dsn1@example.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'Delivery failed.',
        '--b',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; example.com',
        '',
        'Final-Recipient: rfc822; gone@example.com',
        'Action: failed',
        'Status: 5.1.1',
        '--b--',
        '',
      ].join('\r\n'),
    );
    const bounce = (await (await post(inboundUrl, dsn)).json()) as { not_answered: string };
    expect(bounce.not_answered).toContain('delivery-status');
    const queued = await server.db
      .select()
      .from(messageReplies)
      .where(eq(messageReplies.channel, 'email'));
    expect(
      queued.filter((r) => ['dave@example.com', 'erin@example.com'].includes(r.toNumber)),
    ).toEqual([]);
  });

  it('at most 5 agent replies per thread per hour', async () => {
    for (let n = 1; n <= 7; n++) {
      await post(
        inboundUrl,
        rawMail(
          {
            From: 'loop@example.com',
            To: smtpUser,
            Subject: 'Ping',
            'Message-ID': `<loop${n}@example.com>`,
          },
          `ping ${n}`,
        ),
      );
    }
    const [conv] = await server.db
      .select()
      .from(conversations)
      .where(
        and(eq(conversations.endUser, 'loop@example.com'), eq(conversations.channel, 'email')),
      );
    const limited = await server.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.conversationId, conv!.id))
      .orderBy(asc(mailMessages.createdAt));
    expect(limited.filter((m) => m.notAnswered?.startsWith('Loop limit')).length).toBe(2);
    const sent = await until(
      () => sentTo('loop@example.com'),
      (l) => l.length >= 5,
    );
    expect(sent).toHaveLength(5);
  });

  it('an unknown inbound token is 404 and stores nothing; only message/rfc822 is taken', async () => {
    const before = (await server.db.select().from(mailMessages)).length;
    const res = await post(
      inboundUrl.replace(/[^/]+$/, 'x'.repeat(32)),
      rawMail({ From: 'a@b.co', 'Message-ID': '<x@b.co>' }, 'hi'),
    );
    expect(res.status).toBe(404);
    const wrongType = await post(inboundUrl, rawMail({ From: 'a@b.co' }, 'hi'), 'text/plain');
    expect(wrongType.status).toBe(415);
    expect((await server.db.select().from(mailMessages)).length).toBe(before);
  });
});

describe('sandbox and drafts', () => {
  it('a mailbox without SMTP sends into the outbox; Simulate inbound email runs the loop', async () => {
    const key = await agentKey();
    await mail.mapAgent({
      email_address: 'sandbox@acme.test',
      agent_url: `agent:${agentId}`,
      api_key: key,
    });
    const sim = await mail.simulateInbound({
      to: 'sandbox@acme.test',
      from: 'frank@example.com',
      subject: 'Opening hours',
      text: 'When are you open?',
    });
    expect(sim.reply_queued).toBe(true);
    const outbox = await until(
      () => mail.outbox({ mailbox: 'sandbox@acme.test' }),
      (o) => o.messages.length > 0,
    );
    expect(outbox.messages[0]).toMatchObject({
      to: 'frank@example.com',
      subject: 'Re: Opening hours',
    });
    expect(outbox.messages[0]!.headers['Auto-Submitted']).toBe('auto-replied');
    expect(outbox.messages[0]!.headers['In-Reply-To']).toMatch(/^</);
  });

  it("'Draft for approval' keeps the reply as a draft that a member sends", async () => {
    await mail.saveMailbox(smtpUser, { autonomy: 'draft' });
    await post(
      inboundUrl,
      rawMail(
        {
          From: 'gina@example.com',
          To: smtpUser,
          Subject: 'Refund',
          'Message-ID': '<d1@example.com>',
        },
        'I want a refund',
      ),
    );
    const box = await until(
      async () => (await mail.mailboxes()).mailboxes.find((m) => m.email_address === smtpUser)!,
      (m) => m.drafts_waiting > 0,
    );
    expect(box.drafts_waiting).toBe(1);
    expect(sentTo('gina@example.com')).toHaveLength(0);
    const threads = await mail.conversations({ mailbox: smtpUser });
    const draft = threads.conversations
      .flatMap((t) => t.messages)
      .find((m) => m.status === 'draft')!;
    const sent = await mail.sendDraft(draft.id, 'Your refund is on its way.');
    expect(sent.data.status).toBe('sent');
    const got = await until(
      () => sentTo('gina@example.com'),
      (l) => l.length > 0,
    );
    expect(got[0]!.text?.trim()).toBe('Your refund is on its way.');
    expect(got[0]!.inReplyTo).toBe('<d1@example.com>');
    const twice = await user.raw('POST', `/messaging/mail/drafts/${draft.id}/send`, {});
    expect(twice.status).toBe(404);
    await mail.saveMailbox(smtpUser, { autonomy: 'auto' });
  });
});

describe('scheduled sends and campaigns', () => {
  it('a send with a future scheduled_time is queued, then sent by the worker', async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    const queued = await mail.send({
      recipient_phone: 'later@example.com',
      receiving_number: smtpUser,
      context: 'Later',
      message_text: 'Sent later.',
      scheduled_time: at,
    });
    expect(queued.data).toMatchObject({ status: 'queued', scheduled_time: at });
    expect(sentTo('later@example.com')).toHaveLength(0);
    const got = await until(
      () => sentTo('later@example.com'),
      (l) => l.length > 0,
    );
    expect(got[0]!.messageId).toBe(queued.data.message_id);
  });

  it('refuses bad recipients naming the row, and writes nothing', async () => {
    const base = {
      name: 'Launch',
      from_email: smtpUser,
      subject: 'Hi {{name}}',
      body: 'Hello {{name}}',
    };
    const bad = await user.raw('POST', '/messaging/mail/campaigns', {
      ...base,
      recipients_csv: 'email,name\na@example.com,Ann\nnot-an-address,Bob\n',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      'recipients_csv: row 3: "not-an-address" is not a valid email address',
    );
    const missing = await user.raw('POST', '/messaging/mail/campaigns', {
      ...base,
      recipients_csv: 'email,name\na@example.com,Ann\nb@example.com,\n',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(
      'recipients_csv: row 3: the field {{name}} is empty or missing',
    );
    expect((await mail.campaigns()).campaigns).toEqual([]);
  });

  it('a 50-recipient campaign at a set rate sends each once, with one-click unsubscribe', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `c${i}@example.com,Person ${i}`);
    const created = await mail.createCampaign({
      name: 'Launch',
      from_email: smtpUser,
      subject: 'News for {{name}}',
      body: 'Hello {{name}}, we launched.',
      recipients_csv: ['email,name', ...rows, 'c1@example.com,Dup'].join('\n'),
      rate_per_minute: 600,
    });
    expect(created.campaign).toMatchObject({ total: 50, skipped: { duplicates: 1 } });
    const id = created.campaign.id;
    // Paused part-way, then resumed: every recipient still gets exactly one copy.
    await until(
      () => mail.campaign(id),
      (c) => c.campaign.progress.sent >= 5,
    );
    expect((await mail.campaignAction(id, 'pause')).campaign.status).toBe('paused');
    await mail.campaignAction(id, 'resume');
    const done = await until(
      () => mail.campaign(id),
      (c) => c.campaign.status === 'completed',
      120_000,
    );
    expect(done.campaign.progress).toMatchObject({ sent: 50, queued: 0, failed: 0 });
    const mails = received.filter((m) => /^News for Person \d+$/.test(m.subject ?? ''));
    const to = mails.map((m) => JSON.stringify(m.to));
    expect(mails).toHaveLength(50);
    expect(new Set(to).size).toBe(50);
    const first = mails.find((m) => m.subject === 'News for Person 7')!;
    expect(first.text).toContain('Hello Person 7, we launched.');
    expect(first.headerLines.find((h) => h.key === 'list-unsubscribe-post')!.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const line = first.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
    const link = /<(https?:[^>]+)>/.exec(line)![1]!;
    expect(link).toMatch(/\/webhooks\/mail\/unsubscribe\//);
    const forged = await fetch(link.replace(/.{4}$/, 'AAAA'), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(404);
    const res = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect((await mail.campaign(id)).campaign.progress.unsubscribed).toBe(1);
    // A later campaign of the organization leaves the address out (counted).
    const later = await mail.createCampaign({
      name: 'Again',
      from_email: smtpUser,
      subject: 'Again',
      body: 'Again',
      recipients: [{ email: 'c7@example.com' }, { email: 'new@example.com' }],
      start_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(later.campaign).toMatchObject({
      total: 1,
      status: 'scheduled',
      skipped: { unsubscribed: 1 },
    });
    await mail.campaignAction(later.campaign.id, 'cancel');
  }, 150_000);

  it('a mail left "sending" by a process that died is never sent again', async () => {
    const created = await mail.createCampaign({
      name: 'Crash',
      from_email: smtpUser,
      subject: 'Crash test',
      body: 'Body',
      recipients: [{ email: 'k1@example.com' }, { email: 'k2@example.com' }],
      start_at: new Date(Date.now() + 3_600_000).toISOString(),
      rate_per_minute: 600,
    });
    await server.db
      .update(mailSends)
      .set({ status: 'sending' })
      .where(
        and(
          eq(mailSends.campaignId, created.campaign.id),
          eq(mailSends.toAddress, 'k1@example.com'),
        ),
      );
    // Both become due only now (however slow the machine, k1 was 'sending' before either was).
    await server.db
      .update(mailSends)
      .set({ dueAt: new Date() })
      .where(eq(mailSends.campaignId, created.campaign.id));
    await until(
      () => sentTo('k2@example.com'),
      (l) => l.length > 0,
    );
    const c = await mail.campaign(created.campaign.id);
    expect(c.campaign.progress).toMatchObject({ sent: 1, queued: 1 });
    expect(sentTo('k1@example.com')).toHaveLength(0);
  });
});

describe('tenant isolation', () => {
  it("another organization sees none of this one's mailboxes, threads or drafts", async () => {
    const other = server.newUser();
    await other.withOrg('Other Org');
    const theirs = createMailClient({ baseUrl: '/messaging', fetch: other.fetch });
    expect((await theirs.mailboxes()).mailboxes).toEqual([]);
    expect((await theirs.agentMappings()).mappings).toEqual([]);
    expect((await theirs.conversations()).conversations).toEqual([]);
    expect((await theirs.conversationMappings()).mappings).toEqual([]);
    expect((await theirs.outbox()).messages).toEqual([]);
    for (const [method, path, body] of [
      ['POST', `/messaging/mail/mailboxes/${smtpUser}/test`, undefined],
      ['DELETE', `/messaging/mail/mailboxes/${smtpUser}`, undefined],
      ['DELETE', `/messaging/mail/unassign-email-agent/${smtpUser}`, undefined],
      ['DELETE', '/messaging/mail/drafts/00000000-0000-4000-8000-000000000000', undefined],
      ['GET', `/messaging/mail/mailboxes?organization_id=${orgId}`, undefined],
      ['GET', '/messaging/mail/campaigns/00000000-0000-4000-8000-000000000000', undefined],
    ] as const) {
      const res = await other.raw(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const send = await other.raw('POST', '/messaging/mail/webhook/send', {
      recipient_phone: 'x@example.com',
      receiving_number: smtpUser,
      context: 'Hi',
      message_text: 'Hi',
    });
    expect(send.status).toBe(400);
    expect(send.body.error).toBe("receiving_number: is not one of this organization's mailboxes");
    expect((await mail.mailboxes()).mailboxes.length).toBeGreaterThan(0);
  });
});

/** hoodiecrow-imap: a scriptable IMAP4rev1 server (in memory) for the poller to read. */
interface ImapFolder {
  uidvalidity: number;
  uidnext: number;
  messages: { uid: number; raw: string }[];
}
interface Hoodiecrow {
  server: import('node:net').Server;
  listen(port: number, host: string): void;
  close(cb: () => void): void;
  getMailbox(path: string): ImapFolder;
  appendMessage(path: string, flags: string[], date: Date, raw: string): void;
}
const hoodiecrow = createRequire(import.meta.url)('hoodiecrow-imap') as (o: object) => Hoodiecrow;

async function imapServer(plugins: string[]) {
  const imap = hoodiecrow({
    plugins,
    users: { [smtpUser]: { password: smtpPassword } },
    storage: {
      INBOX: {
        uidvalidity: 41,
        messages: [
          {
            raw: rawMail(
              { From: 'old@example.com', Subject: 'Old', 'Message-ID': '<old@example.com>' },
              'Already in the inbox before the mailbox was connected',
            ).toString(),
          },
        ],
      },
    },
  });
  let connections = 0;
  imap.server.on('connection', () => connections++);
  imap.listen(0, '127.0.0.1');
  await once(imap.server, 'listening');
  const port = (imap.server.address() as AddressInfo).port;
  return {
    imap,
    port,
    connections: () => connections,
    append: (h: Record<string, string>, body: string) =>
      imap.appendMessage('INBOX', [], new Date(), rawMail(h, body).toString()),
    close: () => new Promise<void>((resolve) => imap.close(() => resolve())),
  };
}

describe('IMAP receiving', () => {
  let idle: Awaited<ReturnType<typeof imapServer>>;
  let poll: Awaited<ReturnType<typeof imapServer>>;
  const pollers: ImapPoller[] = [];
  /** The poller reading the mailboxes after the restarts. */
  let reader: ImapPoller;
  /** The poller that took the mailboxes up from `reader` (another server on PostgreSQL). */
  let other: ImapPoller;
  const extra: TestServer[] = [];
  beforeAll(async () => {
    [idle, poll] = await Promise.all([imapServer(['IDLE']), imapServer([])]);
  });
  afterAll(async () => {
    await Promise.all(pollers.map((p) => p.stop()));
    for (const s of extra) await s.close();
    await Promise.all([idle?.close(), poll?.close()]);
  });
  const imapSettings = (port: number, host = '127.0.0.1') => ({
    host,
    port,
    secure: false,
    username: smtpUser,
    password: smtpPassword,
    folder: 'INBOX',
  });
  const rowOf = async (email: string) =>
    (await server.db.select().from(mailboxes).where(eq(mailboxes.emailAddress, email)))[0]!;
  const inboundOf = async (email: string) => {
    const row = await rowOf(email);
    return (
      await server.db.select().from(mailMessages).where(eq(mailMessages.mailboxId, row.id))
    ).filter((m) => m.fromAddress !== email);
  };
  /** A mailbox answered by the agent, read over IMAP from `port`; its cursor has started. */
  async function connect(email: string, port: number) {
    await mail.saveMailbox(email, { smtp: smtpSettings(), imap: imapSettings(port) });
    await mail.mapAgent({
      email_address: email,
      agent_url: `agent:${agentId}`,
      api_key: await agentKey(),
    });
    await until(
      () => rowOf(email),
      (r) => r.imapLastUid !== null,
    );
  }

  it('new mail (IDLE, or a poll without it) is read once and answered once in its thread', async () => {
    await connect('idle@acme.test', idle.port);
    await connect('poll@acme.test', poll.port);
    // The mail already there when the mailbox was connected is not read: the cursor starts at UIDNEXT.
    expect(await rowOf('idle@acme.test')).toMatchObject({ imapUidValidity: 41, imapLastUid: 1 });
    for (const [box, to, id] of [
      [idle, 'idle@acme.test', '<i1@example.com>'],
      [poll, 'poll@acme.test', '<p1@example.com>'],
    ] as const) {
      box.append(
        { From: 'ivan@example.com', To: to, Subject: `Hi ${to}`, 'Message-ID': id },
        'Are you open on Sunday?',
      );
      const replies = await until(
        () => sentTo('ivan@example.com').filter((m) => m.inReplyTo === id),
        (l) => l.length > 0,
      );
      expect(replies[0]!.subject).toBe(`Re: Hi ${to}`);
      expect(replies[0]!.references).toBe(id);
      expect(replies[0]!.headers.get('auto-submitted')).toBe('auto-replied');
      const stored = await inboundOf(to);
      expect(stored.map((m) => m.rfcMessageId)).toEqual([id]);
    }
    // The cursor moves past each mail once it is received.
    const read = await until(
      () => rowOf('idle@acme.test'),
      (r) => r.imapLastUid === 2,
    );
    expect(read).toMatchObject({ imapLastUid: 2, imapLastError: null });
    expect(sentTo('ivan@example.com')).toHaveLength(2);
  });

  it('a restarted poller reads on from its cursor; a new UIDVALIDITY restarts it at UIDNEXT', async () => {
    await server.imap.stop();
    const again = startImapPoller(server.imap.deps, { ...server.imap.options, holder: 'again' });
    pollers.push(again);
    idle.append(
      { From: 'ivan@example.com', To: 'idle@acme.test', 'Message-ID': '<i2@example.com>' },
      'One more question',
    );
    await until(
      () => inboundOf('idle@acme.test'),
      (l) => l.length >= 2,
    );
    // The folder is rebuilt while nobody reads: new UIDVALIDITY, every message renumbered.
    await again.stop();
    const folder = idle.imap.getMailbox('INBOX');
    folder.uidvalidity = 77;
    folder.messages.forEach((m, i) => (m.uid = i + 1));
    folder.uidnext = folder.messages.length + 1;
    reader = startImapPoller(server.imap.deps, { ...server.imap.options, holder: 'third' });
    pollers.push(reader);
    await until(
      () => rowOf('idle@acme.test'),
      (r) => r.imapUidValidity === 77,
    );
    expect((await rowOf('idle@acme.test')).imapLastUid).toBe(3);
    idle.append(
      { From: 'ivan@example.com', To: 'idle@acme.test', 'Message-ID': '<i3@example.com>' },
      'And a third',
    );
    await until(
      () => inboundOf('idle@acme.test'),
      (l) => l.length >= 3,
    );
    const ids = (await inboundOf('idle@acme.test')).map((m) => m.rfcMessageId).sort();
    expect(ids).toEqual(['<i1@example.com>', '<i2@example.com>', '<i3@example.com>']);
    const read = await until(
      () => rowOf('idle@acme.test'),
      (r) => r.imapLastUid === 4,
    );
    expect(read.imapLastUid).toBe(4);
  });

  it('two pollers on one database: one reads a mailbox; the other takes it up when it stops', async () => {
    // Two server apps on one PostgreSQL; on PGlite (one process) a second poller on the same database.
    if (server.databaseUrl) {
      const second = await startTestServer({
        databaseUrl: server.databaseUrl,
        env: serverEnv,
      });
      extra.push(second);
      other = second.imap;
    } else {
      other = startImapPoller(server.imap.deps, { ...server.imap.options, holder: 'other' });
      pollers.push(other);
    }
    const current = reader;
    const { id } = await rowOf('idle@acme.test');
    const before = idle.connections();
    idle.append(
      { From: 'jane@example.com', To: 'idle@acme.test', 'Message-ID': '<j1@example.com>' },
      'Who reads this?',
    );
    await until(
      () => sentTo('jane@example.com'),
      (l) => l.length > 0,
    );
    expect(current.reading()).toContain(id);
    expect(other.reading()).not.toContain(id);
    expect(idle.connections()).toBe(before);
    await current.stop();
    await until(
      () => other.reading(),
      (r) => r.includes(id),
    );
    idle.append(
      { From: 'jane@example.com', To: 'idle@acme.test', 'Message-ID': '<j2@example.com>' },
      'And now?',
    );
    const replies = await until(
      () => sentTo('jane@example.com'),
      (l) => l.length > 1,
    );
    expect(replies.map((m) => m.inReplyTo)).toEqual(['<j1@example.com>', '<j2@example.com>']);
    const ids = (await inboundOf('idle@acme.test')).map((m) => m.rfcMessageId);
    expect(ids.filter((m) => m.startsWith('<j'))).toHaveLength(2);
  });

  it('a reader that stops without releasing its lease: another takes the mailbox up once the lease lapses', async () => {
    const { id } = await rowOf('idle@acme.test');
    expect(other.reading()).toContain(id);
    // The process dies: its reader is gone, its lease stays (PARLEY_IMAP_LEASE_MS: 3 s) as a
    // crashed process leaves it. No other poller runs while the lease is put back.
    await other.stop();
    await server.db
      .update(mailboxes)
      .set({
        imapLeaseHolder: other.options.holder,
        imapLeaseUntil: sql`now() + make_interval(secs => ${other.options.leaseMs / 1000})`,
      })
      .where(eq(mailboxes.id, id));
    // Mail arrives while nobody reads the mailbox.
    idle.append(
      { From: 'kim@example.com', To: 'idle@acme.test', 'Message-ID': '<k1@example.com>' },
      'Is anyone there?',
    );
    const next = startImapPoller(server.imap.deps, { ...server.imap.options, holder: 'next' });
    pollers.push(next);
    // Its rounds take the free mailbox (poll@) at once, but not the one still leased to the dead one.
    const { id: free } = await rowOf('poll@acme.test');
    await until(
      () => next.reading(),
      (r) => r.includes(free),
    );
    const seen = next.reading();
    const [lease] = rowsOf(
      await server.db.execute(
        sql`SELECT imap_lease_holder AS holder, imap_lease_until > now() AS live FROM mailboxes WHERE id = ${id}`,
      ),
    );
    if (lease!.live) {
      expect(lease!.holder).toBe(other.options.holder);
      expect(seen).not.toContain(id);
    }
    // The lease lapses: the next round takes the mailbox and reads on from its cursor.
    await until(
      () => next.reading(),
      (r) => r.includes(id),
    );
    expect((await rowOf('idle@acme.test')).imapLeaseHolder).toBe('next');
    const replies = await until(
      () => sentTo('kim@example.com'),
      (l) => l.length > 0,
    );
    expect(replies.map((m) => m.inReplyTo)).toEqual(['<k1@example.com>']);
    // Answered once, stored once.
    expect(sentTo('kim@example.com')).toHaveLength(1);
    const ids = (await inboundOf('idle@acme.test')).map((m) => m.rfcMessageId);
    expect(ids.filter((m) => m === '<k1@example.com>')).toHaveLength(1);
  });

  it('a non-public IMAP host is refused (PARLEY_MAIL_ALLOW_HOSTS names 127.0.0.1, not localhost)', async () => {
    const before = poll.connections();
    await mail.saveMailbox('intranet@acme.test', { imap: imapSettings(poll.port, 'localhost') });
    const box = await until(
      async () =>
        (await mail.mailboxes()).mailboxes.find((m) => m.email_address === 'intranet@acme.test')!,
      (m) => Boolean(m.imap?.last_error),
    );
    expect(box.imap!.last_error).toContain('localhost is not a public address');
    expect(poll.connections()).toBe(before);
    await mail.deleteMailbox('intranet@acme.test');
  });
});

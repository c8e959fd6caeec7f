import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createMailClient, newAgentId, toolsDefaults, type MailClient } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness';
import {
  agents,
  conversations,
  mailboxes,
  mailMessages,
  messageReplies,
  messages,
} from '../../db/schema';

/**
 * The Email channel against a real SMTP server on loopback (smtp-server): what we send arrives
 * with our headers; inbound raw mail → the agent's reply in the same thread; loops and
 * redeliveries unanswered; validation and tenant isolation.
 */

const smtpUser = 'support@acme.test';
const smtpPassword = 'app-password-1234';
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
let server: TestServer;
let user: TestUser;
let mail: MailClient;
let orgId: string;
let agentId: string;
let inboundUrl = '';

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === smtpUser && auth.password === smtpPassword)
        return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(parsed);
          cb();
        })
        .catch(cb);
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpPort = (smtp.server.address() as AddressInfo).port;
  server = await startTestServer({
    env: {
      PARLEY_MAIL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_REPLY_RETRY_SECONDS: '0',
      PARLEY_REPLY_POLL_MS: '50',
    },
  });
  user = server.newUser();
  orgId = await user.withOrg('Mail Org');
  mail = createMailClient({ baseUrl: '/messaging', fetch: user.fetch });
  agentId = newAgentId('mailer');
  await user.agents.update(agentId, {
    organization_id: orgId,
    ...toolsDefaults,
    system_prompt: 'You answer email.',
    status: 'active',
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

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
async function agentKey() {
  const [row] = await server.db.select().from(agents).where(eq(agents.agentName, agentId));
  return row!.chatbotKey || agentId;
}

/** A raw RFC 5322 message. */
function rawMail(h: Record<string, string>, body: string) {
  return Buffer.from(
    `${Object.entries(h)
      .map(([k, v]) => `${k}: ${v}`)
      .join(
        '\r\n',
      )}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );
}

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

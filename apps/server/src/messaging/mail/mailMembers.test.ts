import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createConversationsClient, type MailClient } from '@parley/api-client';
import { type TestServer, type TestUser } from '../../../test/harness';
import { mailTestAccount, rawMail, startMailTest, type MailTest } from '../../../test/mailFixtures';
import { mailboxes, mailCampaigns, mailSends, messages } from '../../db/schema';

/**
 * What members do with mail (issue 37): a 100,000-recipient campaign is accepted; a member
 * answers a held e-mail thread through its mailbox, threaded; the campaign's unsubscribe links
 * carry a key of their own (not the inbound token); a failed send names the provider; a mail
 * sent from the console names its member.
 */

const { box, password } = mailTestAccount;
let t: MailTest;
let server: TestServer;
let user: TestUser;
let mail: MailClient;
let inboundUrl = '';

beforeAll(async () => {
  t = await startMailTest({ orgName: 'Members Mail Org', prefix: 'members' });
  ({ server, user, mail } = t);
  const saved = await saveMailbox(box, {
    smtp: { host: '127.0.0.1', port: t.smtp.port, secure: false, username: box, password },
    display_name: 'Acme Support',
  });
  inboundUrl = saved.inbound_url;
  await t.mapToAgent(box);
});
afterAll(() => t?.close());
const saveMailbox = (email: string, body: Record<string, unknown>) => t.saveMailbox(email, body);

const to = (address: string) =>
  t.smtp.received.filter((m) => JSON.stringify(m.to ?? '').includes(address));
const inbound = (h: Record<string, string>, body: string) =>
  fetch(inboundUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'message/rfc822' },
    body: rawMail(h, body),
  });

describe('a member answers a held e-mail thread', () => {
  it('takes the thread over and replies: sent through the mailbox, threaded', async () => {
    const first = await inbound(
      { From: 'carol@example.com', To: box, Subject: 'Refund', 'Message-ID': '<c1@example.com>' },
      'I would like a refund.',
    );
    const { conversation_id: id } = (await first.json()) as { conversation_id: string };
    await expect.poll(() => to('carol@example.com').length, { timeout: 20_000 }).toBe(1);
    const inbox = createConversationsClient({ baseUrl: '/api', fetch: user.fetch });
    await inbox.takeover(id);
    // Her next mail arrives while the thread is held: the agent stays silent.
    await inbound(
      {
        From: 'carol@example.com',
        To: box,
        Subject: 'Re: Refund',
        'Message-ID': '<c2@example.com>',
        'In-Reply-To': '<c1@example.com>',
        References: '<c1@example.com>',
      },
      'Anyone there?',
    );
    const answer = await user.raw('POST', `/api/conversations/${id}/messages`, {
      text: 'Hello Carol, this is Ada: your refund is on its way.',
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => to('carol@example.com').length, { timeout: 20_000 }).toBe(2);
    const reply = to('carol@example.com')[1]!;
    expect(reply.text?.trim()).toBe('Hello Carol, this is Ada: your refund is on its way.');
    expect(reply.subject).toBe('Re: Refund');
    expect(reply.inReplyTo).toBe('<c2@example.com>');
    expect(reply.references).toContain('<c1@example.com>');
    expect(reply.references).toContain('<c2@example.com>');
    expect(reply.from?.value[0]).toMatchObject({ address: box, name: 'Acme Support' });
    expect(reply.headers.get('auto-submitted')).toBeUndefined();
    const thread = await inbox.get(id);
    const mine = thread.messages.find((m) => m.author === 'member')!;
    expect(mine).toMatchObject({ member_name: 'Ada Lovelace' });
    // The Email tab shows it in the thread, from the mailbox, with its Message-ID.
    const threads = await mail.conversations();
    const shown = threads.conversations
      .find((t) => t.id === id)!
      .messages.find((m) => m.author === 'member')!;
    expect(shown).toMatchObject({ status: 'sent', from: box, in_reply_to: '<c2@example.com>' });
    expect(shown.message_id).toBe(reply.messageId);
  });
});

describe('a console-sent mail', () => {
  it('names the member who sent it (not "Member")', async () => {
    const sent = await mail.send({
      receiving_number: box,
      recipient_phone: 'dan@example.com',
      context: 'Your order',
      message_text: 'It ships today.',
    });
    const [row] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, sent.data.conversation_id));
    expect(row!.metadata).toMatchObject({ member_name: 'Ada Lovelace', member_id: user.userId });
  });

  it('a failed send names the provider it went to, not Gmail', async () => {
    const other = 'broken@acme.test';
    await saveMailbox(other, {
      smtp: { host: '127.0.0.1', port: t.smtp.port, secure: false, username: other, password: 'x' },
    });
    const res = await user.raw('POST', '/messaging/mail/webhook/send', {
      receiving_number: other,
      recipient_phone: 'erin@example.com',
      context: 'Hello',
      message_text: 'Hi',
    });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/^Failed to send email through 127\.0\.0\.1: /);
    expect(res.body.error).toContain('refused the username or password');
    expect(res.body.error).not.toContain('Gmail');
  });
});

// The contract's 100,000 on PostgreSQL; on PGlite (the same 65,535-parameter limit, ten times
// slower to fill) 66,000: more addresses than one statement could take one parameter each.
const bulk = process.env.PARLEY_TEST_DB === 'postgres' ? 100_000 : 66_000;

describe('campaigns', () => {
  it(
    `accepts ${bulk.toLocaleString('en-US')} recipients (batched, never one parameter per address)`,
    { timeout: 120_000 },
    async () => {
      const recipients = Array.from({ length: bulk }, (_, i) => ({
        email: `r${i}@bulk.example.com`,
        fields: { name: `R${i}` },
      }));
      const res = await user.raw('POST', '/messaging/mail/campaigns', {
        name: 'Everyone',
        from_email: box,
        subject: 'Hello {{name}}',
        body: 'News for {{name}}.',
        recipients,
        // Far ahead: nothing is sent during the test.
        start_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        rate_per_minute: 600,
      });
      expect(res.status).toBe(200);
      const campaign = (res.body as { campaign: { id: string; total: number; status: string } })
        .campaign;
      expect(campaign).toMatchObject({ total: bulk, status: 'scheduled' });
      const [n] = await server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailSends)
        .where(eq(mailSends.campaignId, campaign.id));
      expect(Number(n!.n)).toBe(bulk);
      // The last one is due at the rate: (bulk - 1) / 600 per minute after the start.
      const lastAddress = `r${bulk - 1}@bulk.example.com`;
      const [last] = await server.db
        .select()
        .from(mailSends)
        .where(eq(mailSends.toAddress, lastAddress));
      expect(last!.fields).toEqual({ name: `R${bulk - 1}`, email: lastAddress });
      await user.raw('POST', `/messaging/mail/campaigns/${campaign.id}/cancel`);
    },
  );

  it('a bad recipient in a list is named (its index and field), nothing is written', async () => {
    const before = await server.db.select({ n: sql<number>`count(*)::int` }).from(mailCampaigns);
    const recipients = Array.from({ length: 5000 }, (_, i) => ({ email: `b${i}@example.com` }));
    (recipients[4321] as Record<string, unknown>).email = 42;
    const res = await user.raw('POST', '/messaging/mail/campaigns', {
      name: 'Bad',
      from_email: box,
      subject: 'Hi',
      body: 'Hi',
      recipients,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^recipients\.4321\.email: /);
    const nul = await user.raw('POST', '/messaging/mail/campaigns', {
      name: 'Bad',
      from_email: box,
      subject: 'Hi {{name}}',
      body: 'Hi',
      recipients_csv: 'email,name\na@example.com,Ann\nb@example.com,B\u0000b\n',
    });
    expect(nul.status).toBe(400);
    expect(nul.body.error).toBe(
      'recipients_csv: row 3: the field name must not contain control characters',
    );
    const after = await server.db.select({ n: sql<number>`count(*)::int` }).from(mailCampaigns);
    expect(after).toEqual(before);
  });
});

describe('unsubscribe links', () => {
  it('are signed with a key of their own; the page names the sender; old links still work', async () => {
    const created = await mail.createCampaign({
      name: 'Spring',
      from_email: box,
      subject: 'Spring news',
      body: 'Hello',
      recipients_csv: 'email\nuna@example.com\nvic@example.com',
      rate_per_minute: 600,
    });
    await expect.poll(() => to('una@example.com').length, { timeout: 30_000 }).toBe(1);
    const first = to('una@example.com')[0]!;
    const link = /Unsubscribe: (\S+)/.exec(first.text ?? '')![1]!;
    expect(first.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(link);
    const [row] = await server.db.select().from(mailboxes).where(eq(mailboxes.emailAddress, box));
    const [send] = await server.db
      .select()
      .from(mailSends)
      .where(eq(mailSends.toAddress, 'una@example.com'));
    // The key is the mailbox's own, not its inbound token (which every member sees).
    expect(row!.unsubscribeKey).toMatch(/^[0-9a-f]{64}$/);
    expect(link).not.toContain(row!.inboundToken);
    const { createHmac } = await import('node:crypto');
    const forged = (key: string, id: string) =>
      `${new URL(link).origin}/webhooks/mail/unsubscribe/${id}.${createHmac('sha256', key)
        .update(`unsubscribe:${id}`)
        .digest('base64url')
        .slice(0, 32)}`;
    const withToken = await fetch(forged(row!.inboundToken, send!.id), { method: 'POST' });
    expect(withToken.status).toBe(404);
    // The page asks first, naming who sends, styled like the console.
    const page = await (await fetch(link)).text();
    expect(page).toContain('Unsubscribe from Acme Support?');
    expect(page).toContain('support@acme.test');
    expect(page).toContain('Members Mail Org');
    expect(page).toMatch(/<style>[^<]*--primary:#4c5fd5/);
    const done = await fetch(link, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    // A mail sent before the upgrade (signed with the inbound token) keeps its working link.
    const [vic] = await server.db
      .select()
      .from(mailSends)
      .where(eq(mailSends.toAddress, 'vic@example.com'));
    await server.db
      .update(mailSends)
      .set({ unsubscribeLegacy: true })
      .where(eq(mailSends.id, vic!.id));
    const legacy = await fetch(forged(row!.inboundToken, vic!.id), { method: 'POST' });
    expect(legacy.status).toBe(200);
    const campaign = await mail.campaign(created.campaign.id);
    expect(campaign.campaign.progress.unsubscribed).toBe(2);
  });
});

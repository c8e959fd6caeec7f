import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optConfirmations } from './optOut';
import { and, asc, eq } from 'drizzle-orm';
import { type PhoneNumberWire } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { activeAgent } from '../../test/agentFixtures';
import { fakeTwilioAccount, twilioNumber } from '../../test/twilioFixtures';
import { conversations, messageReplies, messages, telephonyOutbox } from '../db/schema';
import { setTwilioHttpClient } from '../telephony/twilio';
import { claimReply } from './replies';

const ours = '+14155550100';
const unassigned = '+14155550101';
const twilioAccount = fakeTwilioAccount(`AC${'7'.repeat(32)}`, '9e8d7c6b5a4f3e2d1c0b9a8f7e6d0007', [
  twilioNumber('71', ours, '(415) 555-0100', { voice: true, sms: true }),
  twilioNumber('72', unassigned, '(415) 555-0101', { voice: false, sms: true }),
]);
const { accountSid, account, fake, publicUrl } = twilioAccount;

let server: TestServer;
let user: TestUser;
let agentId: string;

beforeAll(async () => {
  setTwilioHttpClient(fake.client);
  server = await startTestServer({
    env: { PUBLIC_URL: publicUrl, PARLEY_REPLY_RETRY_SECONDS: '0', PARLEY_REPLY_POLL_MS: '50' },
  });
  user = server.newUser();
  const orgId = await user.withOrg('SMS Org');
  agentId = await activeAgent(user, orgId, 'texter', {
    system_prompt: 'You answer text messages.',
  });
  await twilioAccount.connect(user, orgId);
  await user.voice.syncAllProviders({ organization_id: orgId, configure_webhooks: false });
  const numbers: PhoneNumberWire[] = (await user.voice.phoneNumberPage(orgId)).phone_numbers;
  // Its channels (the fake account has no WhatsApp sender for it).
  await user.voice.assign(numbers.find((n) => n.phone_number === ours)!.phone_id, agentId, [
    'voice',
    'sms',
  ]);
});
afterAll(async () => {
  setTwilioHttpClient(undefined);
  await server?.close();
});

async function inbound(sid: string, from: string, body: string, to = ours) {
  const path = '/webhooks/twilio/messaging';
  const params = { AccountSid: accountSid, MessageSid: sid, From: from, To: to, Body: body };
  const res = await twilioAccount.post(server.url, path, params);
  expect(res.status).toBe(200);
}

/** The SMS the fake Twilio accepted or refused for one recipient. */
const sendsTo = (to: string) =>
  fake.calls.filter((c) => /\/Messages\.json$/.test(c.uri) && c.data?.To === to);

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const repliesFor = (from: string) =>
  server.db
    .select()
    .from(messageReplies)
    .where(eq(messageReplies.toNumber, from))
    .orderBy(asc(messageReplies.createdAt));

async function thread(from: string) {
  const [conv] = await server.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.endUser, from), eq(conversations.channel, 'sms')));
  return server.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conv!.id))
    .orderBy(asc(messages.createdAt));
}

const settle = () => new Promise((r) => setTimeout(r, 400));

describe('inbound SMS → agent → reply', () => {
  it('a signed inbound SMS delivered twice is answered by the agent exactly once', async () => {
    const from = '+15005550101';
    await inbound('SM7001', from, 'What are your opening hours?');
    await inbound('SM7001', from, 'What are your opening hours?');
    const replies = await until(
      () => repliesFor(from),
      (r) => r[0]?.status === 'sent',
    );
    await settle();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ status: 'sent', attempts: 1, fromNumber: ours });
    const sends = sendsTo(from);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.data).toMatchObject({ From: ours, To: from });
    const msgs = await thread(from);
    expect(msgs.map((m) => [m.role, m.direction])).toEqual([
      ['user', 'inbound'],
      ['assistant', 'outbound'],
    ]);
    expect(msgs[1]).toMatchObject({
      author: 'agent',
      provider: 'twilio',
      providerMessageId: replies[0]!.providerMessageId,
      status: 'queued',
    });
    expect(sends[0]!.data?.Body).toBe(msgs[1]!.content);

    // The next message continues the same conversation (its history).
    await inbound('SM7002', from, 'And on Sundays?');
    await until(
      () => repliesFor(from),
      (r) => r[1]?.status === 'sent',
    );
    expect((await thread(from)).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(sendsTo(from)).toHaveLength(2);
  });

  it('the first send fails › retried, and sent exactly once', async () => {
    const from = '+15005550102';
    account.failMessages = 1;
    await inbound('SM7101', from, 'Is anyone there?');
    const replies = await until(
      () => repliesFor(from),
      (r) => r[0]?.status === 'sent',
    );
    await settle();
    expect(replies[0]).toMatchObject({ status: 'sent', attempts: 2 });
    const sends = sendsTo(from);
    expect(sends).toHaveLength(2); // one refused by the provider, one accepted
    expect(sends[0]!.data?.Body).toBe(sends[1]!.data?.Body);
    // The answer was generated once.
    expect((await thread(from)).filter((m) => m.role === 'assistant')).toHaveLength(1);
    // Nothing is left to claim.
    expect(await claimReply(server.db)).toBeNull();
  });

  it('STOP › no more replies until START', async () => {
    const from = '+15005550103';
    await inbound('SM7201', from, 'STOP');
    await inbound('SM7202', from, 'Hello?');
    await settle();
    expect(await repliesFor(from)).toHaveLength(0);
    expect(sendsTo(from)).toHaveLength(0);
    await inbound('SM7203', from, 'start');
    await inbound('SM7204', from, 'Hello again');
    await until(
      () => repliesFor(from),
      (r) => r[0]?.status === 'sent',
    );
    expect(sendsTo(from)).toHaveLength(1);
    expect((await thread(from)).map((m) => m.content).slice(0, 4)).toEqual([
      'STOP',
      'Hello?',
      'start',
      'Hello again',
    ]);
  });

  it('a number without an agent › stored on its thread, not answered', async () => {
    const from = '+15005550104';
    await inbound('SM7301', from, 'Hi', unassigned);
    await inbound('SM7301', from, 'Hi', unassigned);
    await settle();
    expect(await repliesFor(from)).toHaveLength(0);
    expect(sendsTo(from)).toHaveLength(0);
    const msgs = await thread(from);
    expect(msgs.map((m) => [m.content, m.direction])).toEqual([['Hi', 'inbound']]);
  });
});

describe('sandbox: the whole loop from the console', () => {
  it('a simulated inbound SMS and WhatsApp message are answered into the outbox and the thread', async () => {
    const u = server.newUser();
    const org = await u.withOrg('Sandbox SMS Org');
    const agent = await activeAgent(u, org, 'sandy');
    await u.voice.syncAllProviders({ organization_id: org });
    const all = (await u.voice.phoneNumberPage(org)).phone_numbers;
    const number = all.find((n) => n.sms_enabled && n.whatsapp_enabled)!;
    await u.voice.assign(number.phone_id, agent, ['sms', 'whatsapp']);
    for (const event of ['sms', 'whatsapp'] as const) {
      const from = event === 'sms' ? '+15005550201' : '+15005550202';
      const answer = await u.voice.simulateEvent(org, {
        event,
        to: number.phone_number,
        from,
        text: 'Hello from the sandbox',
      });
      expect(answer.conversation_id).toBeTruthy();
      const outbox = await until(
        () => server.db.select().from(telephonyOutbox).where(eq(telephonyOutbox.toNumber, from)),
        (rows) => rows.length > 0,
      );
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({ kind: event, fromNumber: number.phone_number });
      // The reply job is done once the provider's id is recorded on the answer's row.
      const [reply] = await until(
        () =>
          server.db
            .select({ status: messageReplies.status })
            .from(messageReplies)
            .where(eq(messageReplies.conversationId, answer.conversation_id!)),
        (rows) => rows[0]?.status === 'sent',
      );
      expect(reply?.status).toBe('sent');
      const msgs = await server.db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, answer.conversation_id!))
        .orderBy(asc(messages.createdAt));
      expect(msgs.map((m) => m.direction)).toEqual(['inbound', 'outbound']);
      expect(msgs[1]).toMatchObject({
        provider: 'sandbox',
        providerMessageId: outbox[0]!.providerMessageId,
        content: outbox[0]!.body,
      });
    }
  });

  it('STOP and START are confirmed to the person (the usual texts), not answered by the agent', async () => {
    const u = server.newUser();
    const org = await u.withOrg('Sandbox Optout Org');
    const agent = await activeAgent(u, org, 'opt');
    await u.voice.syncAllProviders({ organization_id: org });
    const number = (await u.voice.phoneNumberPage(org)).phone_numbers.find((n) => n.sms_enabled)!;
    await u.voice.assign(number.phone_id, agent);
    const from = '+15005550301';
    const outboxTo = () =>
      server.db
        .select()
        .from(telephonyOutbox)
        .where(eq(telephonyOutbox.toNumber, from))
        .orderBy(asc(telephonyOutbox.createdAt));
    await u.voice.simulateEvent(org, { event: 'sms', to: number.phone_number, from, text: 'STOP' });
    const [stop] = await until(outboxTo, (rows) => rows.length > 0);
    expect(stop!.body).toBe(optConfirmations.opt_out);
    expect(stop!.body).toMatch(/unsubscribed.*Reply START to resubscribe\./);
    // Opted out: an ordinary message gets no answer.
    await u.voice.simulateEvent(org, { event: 'sms', to: number.phone_number, from, text: 'Hi?' });
    // Nor may a member send them one (one opt-out rule: messaging/optOut.ts).
    const refused = await u.fetch('/messaging/sms/send-message', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        from_number: number.phone_number,
        to_number: from,
        message_text: 'Hello',
      }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/opted out \(STOP\)/);
    await u.voice.simulateEvent(org, {
      event: 'sms',
      to: number.phone_number,
      from,
      text: 'START',
    });
    const rows = await until(outboxTo, (r) => r.length > 1);
    expect(rows.map((r) => r.body)).toEqual([optConfirmations.opt_out, optConfirmations.opt_in]);
    expect(rows[1]!.body).toMatch(/resubscribed/);

    // The thread lists each confirmation after (newest first: above) the message it answers,
    // marked as the automatic confirmation, not as the agent's reply.
    const listed = await u.fetch(`/messaging/sms/messages?organization_id=${org}`);
    const thread = (
      (await listed.json()) as {
        conversations: Array<{
          end_user: string;
          messages: Array<{ text: string; author: string; automatic?: string }>;
        }>;
      }
    ).conversations.find((t) => t.end_user === from)!;
    expect(thread.messages.map((m) => [m.text, m.automatic ?? null])).toEqual([
      [optConfirmations.opt_in, 'opt_in'],
      ['START', null],
      ['Hi?', null],
      [optConfirmations.opt_out, 'opt_out'],
      ['STOP', null],
    ]);
  });
});

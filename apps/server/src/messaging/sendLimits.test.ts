import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  createMessagingClient,
  newAgentId,
  toolsDefaults,
  type PhoneNumberWire,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { simulateSms } from '../../test/conversationFixtures';
import { conversations, messageReplies, messages, telephonyOutbox } from '../db/schema';
import {
  defaultSendLimit,
  limitFor,
  limitMessage,
  retryAfterSeconds,
  sendLimitsFromEnv,
  windowReached,
} from './sendLimits';

describe('sending limits (plain functions)', () => {
  it('defaults 60 a minute and 1,000 a day; set per install; raised per organization', () => {
    expect(sendLimitsFromEnv({}).defaults).toEqual(defaultSendLimit);
    expect(defaultSendLimit).toEqual({ perMinute: 60, perDay: 1000 });
    const config = sendLimitsFromEnv({
      PARLEY_SEND_LIMIT_PER_MINUTE: '10',
      PARLEY_SEND_LIMIT_PER_DAY: '200',
      PARLEY_SEND_LIMITS_BY_ORG: JSON.stringify({
        big: { per_minute: 600, per_day: 50000 },
        minuteOnly: { per_minute: 120 },
      }),
    });
    expect(limitFor(config, 'someone')).toEqual({ perMinute: 10, perDay: 200 });
    expect(limitFor(config, 'big')).toEqual({ perMinute: 600, perDay: 50000 });
    expect(limitFor(config, 'minuteOnly')).toEqual({ perMinute: 120, perDay: 200 });
  });

  it('a bad setting throws naming the variable', () => {
    expect(() => sendLimitsFromEnv({ PARLEY_SEND_LIMIT_PER_MINUTE: 'lots' })).toThrow(
      /^PARLEY_SEND_LIMIT_PER_MINUTE: /,
    );
    expect(() => sendLimitsFromEnv({ PARLEY_SEND_LIMIT_PER_DAY: '-1' })).toThrow(
      'PARLEY_SEND_LIMIT_PER_DAY: must be 0 or more',
    );
    expect(() => sendLimitsFromEnv({ PARLEY_SEND_LIMITS_BY_ORG: '{nope' })).toThrow(
      'PARLEY_SEND_LIMITS_BY_ORG: must be a JSON object',
    );
    expect(() =>
      sendLimitsFromEnv({ PARLEY_SEND_LIMITS_BY_ORG: '{"org1":{"per_hour":5}}' }),
    ).toThrow(/^PARLEY_SEND_LIMITS_BY_ORG\.org1/);
  });

  it('the window reached (the day first), its words, and when a place frees', () => {
    const limit = { perMinute: 3, perDay: 5 };
    expect(windowReached(limit, { lastMinute: 2, lastDay: 4 })).toBeNull();
    expect(windowReached(limit, { lastMinute: 3, lastDay: 3 })).toBe('minute');
    expect(windowReached(limit, { lastMinute: 3, lastDay: 5 })).toBe('day');
    expect(windowReached({ perMinute: 0, perDay: 5 }, { lastMinute: 0, lastDay: 0 })).toBe(
      'minute',
    );
    expect(limitMessage('sms', 'minute', 60)).toMatch(
      /^Sending limit reached: 60 SMS messages per minute for this organization\./,
    );
    expect(limitMessage('call', 'day', 1000)).toContain('1000 calls per day');
    const now = new Date('2026-11-25T12:00:00.000Z');
    expect(retryAfterSeconds('minute', new Date('2026-11-25T11:59:30.200Z'), now)).toBe(31);
    expect(retryAfterSeconds('day', new Date('2026-11-25T11:00:00.000Z'), now)).toBe(82_800);
    expect(retryAfterSeconds('minute', new Date('2026-11-25T11:58:00.000Z'), now)).toBe(1);
    expect(retryAfterSeconds('minute', null, now)).toBe(60);
  });
});

let server: TestServer;
let user: TestUser;
let orgId: string;
let number: PhoneNumberWire;
let agentId: string;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      PARLEY_SEND_LIMIT_PER_MINUTE: '3',
      PARLEY_SEND_LIMIT_PER_DAY: '5',
      PARLEY_REPLY_POLL_MS: '50',
      PARLEY_REPLY_RETRY_SECONDS: '0',
    },
  });
  user = server.newUser();
  orgId = await user.withOrg('Limited Org');
  agentId = newAgentId('limited');
  await user.agents.update(agentId, { organization_id: orgId, ...toolsDefaults, status: 'active' });
  await user.voice.syncAllProviders({ organization_id: orgId });
  const numbers = (await user.voice.phoneNumberPage(orgId)).phone_numbers;
  number = numbers.find((n) => n.sms_enabled && n.whatsapp_enabled)!;
});
afterAll(async () => {
  await server?.close();
});

async function sendSms(u: TestUser, to: string, text = 'Hello', key?: string) {
  const res = await u.fetch('/messaging/sms/send-message', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: new URLSearchParams({
      from_number: number.phone_number,
      to_number: to,
      message_text: text,
    }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('Retry-After'),
    body: (await res.json()) as Record<string, unknown> & { error?: string },
  };
}
const outboxTo = async (to: string) =>
  (
    await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(telephonyOutbox)
      .where(eq(telephonyOutbox.toNumber, to))
  )[0]!.n;
const outboxAll = async () =>
  (await server.db.select({ n: sql<number>`count(*)::int` }).from(telephonyOutbox))[0]!.n;

/** Moves the organization's sent messages `seconds` back in time (the windows slide past them). */
async function age(seconds: number) {
  const ids = server.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.organizationId, orgId));
  await server.db
    .update(messages)
    .set({ createdAt: sql`${messages.createdAt} - make_interval(secs => ${seconds})` })
    .where(and(inArray(messages.conversationId, ids), eq(messages.direction, 'outbound')));
}

describe('sending limits per organization and channel', () => {
  it('over the minute limit › 429 with Retry-After naming the limit; nothing sent; usage shown', async () => {
    for (let i = 0; i < 3; i++) expect((await sendSms(user, '+15005550701')).status).toBe(200);
    const refused = await sendSms(user, '+15005550701');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^Sending limit reached: 3 SMS messages per minute for this organization\./,
    );
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(await outboxTo('+15005550701')).toBe(3);

    const client = createMessagingClient({ baseUrl: '/messaging', fetch: user.fetch });
    const report = await client.sendLimits(orgId);
    expect(report.custom).toBe(false);
    expect(report.channels.find((c) => c.channel === 'sms')).toEqual({
      channel: 'sms',
      per_minute: 3,
      per_day: 5,
      sent_last_minute: 3,
      sent_last_day: 3,
    });
    // Each channel has its own count.
    expect(report.channels.find((c) => c.channel === 'whatsapp')).toMatchObject({
      sent_last_minute: 0,
    });
    const wa = await user.fetch('/messaging/whatsapp/send-message', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        to_number: '+15005550702',
        message_text: 'Template hello',
        message_type: 'template',
        receiving_number: number.phone_number,
      }),
    });
    expect(wa.status).toBe(200);
  });

  it('the minute slides by; then the day limit › 429 naming the day', async () => {
    await age(90);
    expect((await sendSms(user, '+15005550703')).status).toBe(200);
    expect((await sendSms(user, '+15005550703')).status).toBe(200);
    const refused = await sendSms(user, '+15005550703');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Sending limit reached: 5 SMS messages per day/);
    // The day frees when the oldest of the five leaves it: about 24 h less the 90 s.
    expect(Number(refused.retryAfter)).toBeGreaterThan(86_400 - 200);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(86_400 - 89);
  });

  it('concurrent sends never pass the limit (the count is reserved under a lock)', async () => {
    await age(2 * 86_400);
    const before = await outboxAll();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sendSms(user, `+1500555072${i}`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect((await outboxAll()) - before).toBe(3);
  });

  it('control characters in message_text › 400 naming message_text, nothing sent or stored', async () => {
    await age(2 * 86_400);
    const before = await outboxAll();
    const res = await sendSms(user, '+15005550710', 'Hello\u0000world');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^message_text: must not contain control characters/);
    const stored = await server.db
      .select()
      .from(messages)
      .where(sql`${messages.content} like 'Hello%world'`);
    expect(stored).toHaveLength(0);
    expect(await outboxAll()).toBe(before);
    // Tabs and line breaks are text.
    expect((await sendSms(user, '+15005550710', 'Line one\n\tLine two')).status).toBe(200);
  });

  it('a retry with the same Idempotency-Key answers the first send and sends nothing again', async () => {
    await age(2 * 86_400);
    const first = await sendSms(user, '+15005550711', 'Once only', 'key-0001');
    expect(first.status).toBe(200);
    const again = await sendSms(user, '+15005550711', 'Once only', 'key-0001');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true });
    expect((again.body.data as { message_sid: string }).message_sid).toBe(
      (first.body.data as { message_sid: string }).message_sid,
    );
    expect(await outboxTo('+15005550711')).toBe(1);
    const bad = await sendSms(user, '+15005550711', 'Once only', 'bad key with spaces');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Idempotency-Key: /);
  });

  it("the message is recorded before the provider is called: a send left 'sending' is never sent again", async () => {
    await age(2 * 86_400);
    const first = await sendSms(user, '+15005550712', 'Recorded first', 'key-0002');
    const id = (first.body.data as { message_sid: string }).message_sid;
    // As if the process died after the provider accepted it, before the answer was stored.
    await server.db
      .update(messages)
      .set({ status: 'sending', providerMessageId: null })
      .where(eq(messages.providerMessageId, id));
    const retry = await sendSms(user, '+15005550712', 'Recorded first', 'key-0002');
    expect(retry.status).toBe(409);
    expect(await outboxTo('+15005550712')).toBe(1);
  });

  it('agent replies count too: over the limit a reply waits (pending, the limit named), it is not dropped', async () => {
    await age(2 * 86_400);
    await user.voice.assign(number.phone_id, agentId, ['sms']);
    for (let i = 0; i < 3; i++) expect((await sendSms(user, '+15005550713')).status).toBe(200);
    await simulateSms(user, orgId, number.phone_number, '+15005550714', 'Are you open?');
    await expect
      .poll(
        async () =>
          (
            await server.db
              .select()
              .from(messageReplies)
              .where(eq(messageReplies.toNumber, '+15005550714'))
          )[0]?.lastError ?? '',
        { timeout: 20_000 },
      )
      .toMatch(/^Sending limit reached: 3 SMS messages per minute/);
    const [reply] = await server.db
      .select()
      .from(messageReplies)
      .where(eq(messageReplies.toNumber, '+15005550714'));
    expect(reply).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await outboxTo('+15005550714')).toBe(0);
  });
});

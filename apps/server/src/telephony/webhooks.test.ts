import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { type PhoneNumberWire } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { activeAgent, voiceAgent } from '../../test/agentFixtures';
import { fakeTwilioAccount, twilioCallsEnv, twilioNumber } from '../../test/twilioFixtures';
import { conversations, integrations, messages, webhookEvents } from '../db/schema';
import { setTwilioHttpClient } from './twilio';
import { verifyCallToken } from '@parley/api-client/call-token';

const twilioAccount = fakeTwilioAccount(
  `AC${'1'.repeat(32)}`,
  '5f3c9a1e7b2d4c6a8e0f1b3d5a7c0001',
  [
    twilioNumber('1', '+14155550100', '(415) 555-0100', { voice: true, sms: true, mms: false }),
    twilioNumber('2', '+14155550101', 'Support line', { voice: true, sms: false }),
  ],
  [
    { sender_id: 'whatsapp:+14155550100', status: 'ONLINE' },
    { sender_id: 'whatsapp:+14155550101', status: 'OFFLINE' },
  ],
);
const { accountSid, authToken, account, fake, publicUrl } = twilioAccount;

let server: TestServer;
let user: TestUser;
let orgId: string;
let agentId: string;
let numbers: PhoneNumberWire[];

beforeAll(async () => {
  setTwilioHttpClient(fake.client);
  server = await startTestServer({ env: twilioCallsEnv });
  user = server.newUser();
  orgId = await user.withOrg('Phone Org');
  agentId = await voiceAgent(user, orgId, 'reception');
  await twilioAccount.connect(user, orgId);
  const synced = await user.voice.syncAllProviders({ organization_id: orgId });
  expect(synced).toMatchObject({
    provider: 'twilio',
    sandbox: false,
    synced: 2,
    webhooks_configured: 2,
  });
  numbers = (await user.voice.phoneNumberPage(orgId)).phone_numbers;
  await user.voice.assign(
    numbers.find((n) => n.phone_number === '+14155550100')!.phone_id,
    agentId,
    ['voice', 'sms', 'whatsapp'],
  );
});
afterAll(async () => {
  setTwilioHttpClient(undefined);
  await server?.close();
});

/** Posts a form webhook as Twilio would, signed for `signedFor` (default: the PUBLIC_URL). */
async function postForm(
  path: string,
  params: Record<string, string>,
  options: {
    token?: string;
    signedFor?: string;
    tamper?: Record<string, string>;
    noSignature?: boolean;
  } = {},
) {
  const res = await twilioAccount.post(server.url, path, params, options);
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

/** An inbound SMS to our first number (the messaging webhook's form). */
const sms = (messageSid: string, from: string, body: string) => ({
  AccountSid: accountSid,
  MessageSid: messageSid,
  From: from,
  To: '+14155550100',
  Body: body,
});

const call = (callSid: string, to = '+14155550100') => ({
  AccountSid: accountSid,
  CallSid: callSid,
  From: '+15005550006',
  To: to,
  CallStatus: 'ringing',
  Direction: 'inbound',
});

async function counts() {
  const [c] = await server.db.select({ n: sql<number>`count(*)::int` }).from(conversations);
  const [e] = await server.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents);
  // Inbound messages only: the agent's replies are queued and sent meanwhile (messaging/replies).
  const [m] = await server.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.direction, 'inbound'));
  return { conversations: c!.n, events: e!.n, messages: m!.n };
}

describe('sync against Twilio (fake httpClient)', () => {
  it("reads numbers and WhatsApp senders, and points each number's webhooks at PUBLIC_URL", () => {
    const byNumber = Object.fromEntries(numbers.map((n) => [n.phone_number, n]));
    expect(byNumber['+14155550100']).toMatchObject({
      provider: 'twilio',
      friendly_name: '(415) 555-0100',
      voice_enabled: true,
      sms_enabled: true,
      whatsapp_enabled: true,
    });
    expect(byNumber['+14155550101']).toMatchObject({
      friendly_name: 'Support line',
      sms_enabled: false,
      whatsapp_enabled: false,
    });
    const updates = fake.calls.filter(
      (c) => c.method === 'POST' && c.uri.includes('/IncomingPhoneNumbers/PN'),
    );
    expect(updates).toHaveLength(2);
    expect(updates[0]!.data).toMatchObject({
      VoiceUrl: `${publicUrl}/webhooks/twilio/voice`,
      VoiceMethod: 'POST',
      SmsUrl: `${publicUrl}/webhooks/twilio/messaging`,
      StatusCallback: `${publicUrl}/webhooks/twilio/status`,
    });
    expect(
      fake.calls.some((c) => c.uri === 'https://messaging.twilio.com/v2/Channels/Senders'),
    ).toBe(true);
  });

  it('stores the credentials encrypted and shows them masked (last 4 only)', async () => {
    const [row] = await server.db
      .select()
      .from(integrations)
      .where(eq(integrations.organizationId, orgId));
    expect(row!.credentialsEncrypted).not.toContain(authToken);
    const res = await user.raw('GET', `/api/integrations/organization/${orgId}/twilio`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(authToken);
    expect((res.body.masked as Record<string, string>).auth_token).toMatch(/•+0001$/);
    const test = await user.raw('POST', `/api/integrations/organization/${orgId}/twilio/test`);
    expect(test.body).toEqual({ success: true, message: 'Connected to Test Account (active)' });
  });

  it('a failing provider gives the sync failure message and keeps the numbers', async () => {
    account.failWith = { status: 401, message: 'Authenticate' };
    try {
      const res = await user.raw('POST', '/voice/phone-numbers/sync-all-providers', {
        organization_id: orgId,
      });
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe('Failed to sync phone numbers from Twilio: Authenticate');
      expect((await user.voice.phoneNumberPage(orgId)).count).toBe(2);
      // A system error reads in words, in the same form.
      account.failWith = { status: 500, message: 'getaddrinfo ENOTFOUND api.twilio.com' };
      const offline = await user.raw('POST', '/voice/phone-numbers/sync-all-providers', {
        organization_id: orgId,
      });
      expect(offline.body.detail).toBe(
        'Failed to sync phone numbers from Twilio: Could not reach api.twilio.com',
      );
    } finally {
      delete account.failWith;
    }
  });
});

describe('POST /webhooks/twilio/voice', () => {
  it('given a signed call to an assigned number › TwiML streams to the voice worker for its agent', async () => {
    const before = await counts();
    const res = await postForm('/webhooks/twilio/voice', call('CA0001'));
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/xml');
    expect(res.text).toContain('<Connect><Stream url="wss://voice.example.com/phone/stream">');
    expect(res.text).toContain(`<Parameter name="agent_id" value="${agentId}"/>`);
    expect(res.text).toContain(`<Parameter name="organization_id" value="${orgId}"/>`);
    expect(res.text).toContain('<Parameter name="from" value="+15005550006"/>');
    expect(res.text).toContain('<Parameter name="to" value="+14155550100"/>');
    expect(res.text).toContain('<Parameter name="call_sid" value="CA0001"/>');
    const [conversation] = await server.db
      .select()
      .from(conversations)
      .where(sql`${conversations.metadata}->>'call_sid' = 'CA0001'`);
    expect(conversation).toMatchObject({
      agentName: agentId,
      organizationId: orgId,
      channel: 'voice',
      endUser: '+15005550006',
      agentAddress: '+14155550100',
    });
    // The phone stream token: signed over these fields and the call's id, 5 minutes, once.
    const parameters = Object.fromEntries(
      [...res.text.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    expect(parameters).toMatchObject({ transport: 'phone', call_id: conversation!.id });
    const verdict = verifyCallToken('worker-secret', parameters);
    expect(verdict.ok).toBe(true);
    expect(Number(parameters.expires) - Date.now() / 1000).toBeGreaterThan(250);
    expect(Number(parameters.expires) - Date.now() / 1000).toBeLessThanOrEqual(300);
    expect(await counts()).toEqual({
      ...before,
      conversations: before.conversations + 1,
      events: before.events + 1,
    });
  });

  it('given the same CallSid twice › processed once, the same answer', async () => {
    const first = await postForm('/webhooks/twilio/voice', call('CA0002'));
    const mid = await counts();
    const second = await postForm('/webhooks/twilio/voice', call('CA0002'));
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(await counts()).toEqual(mid);
  });

  it('given an unassigned number › a short spoken message, no conversation', async () => {
    const before = await counts();
    const res = await postForm('/webhooks/twilio/voice', call('CA0003', '+14155550101'));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<Say>Sorry, this number is not connected to an agent yet.');
    expect(res.text).toContain('<Hangup/>');
    expect(res.text).not.toContain('<Stream');
    expect((await counts()).conversations).toBe(before.conversations);
  });

  it.each([
    ['a tampered field', { tamper: { From: '+15005550009' } }],
    [
      'a signature for another URL',
      { signedFor: 'https://evil.example.com/webhooks/twilio/voice' },
    ],
    ['a signature with another token', { token: 'not-the-token' }],
    ['no X-Twilio-Signature header', { noSignature: true }],
  ])('given %s › 403 and nothing written', async (_name, options) => {
    const before = await counts();
    const res = await postForm('/webhooks/twilio/voice', call('CA0100'), options);
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('<Response>');
    expect(await counts()).toEqual(before);
  });

  it('given an account no organization has › 403', async () => {
    const other = `AC${'2'.repeat(32)}`;
    const res = await postForm('/webhooks/twilio/voice', { ...call('CA0101'), AccountSid: other });
    expect(res.status).toBe(403);
  });
});

describe('status and messaging webhooks', () => {
  it('a completed call ends its conversation; JSON bodies are checked with bodySHA256', async () => {
    await postForm('/webhooks/twilio/voice', call('CA0200'));
    const res = await postForm('/webhooks/twilio/status', {
      ...call('CA0200'),
      CallStatus: 'completed',
    });
    expect(res.status).toBe(204);
    const [conversation] = await server.db
      .select()
      .from(conversations)
      .where(sql`${conversations.metadata}->>'call_sid' = 'CA0200'`);
    expect(conversation!.endedAt).not.toBeNull();
    expect(conversation!.endReason).toBe('completed');

    const body = JSON.stringify({
      AccountSid: accountSid,
      CallSid: 'CA0201',
      CallStatus: 'completed',
    });
    const hash = createHash('sha256').update(body).digest('hex');
    const url = `${publicUrl}/webhooks/twilio/status?bodySHA256=${hash}`;
    const signature = twilio.getExpectedTwilioSignature(authToken, url, {});
    const post = (b: string) =>
      fetch(`${server.url}/webhooks/twilio/status?bodySHA256=${hash}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Twilio-Signature': signature },
        body: b,
      });
    expect((await post(body)).status).toBe(204);
    const before = await counts();
    expect((await post(body.replace('completed', 'failed'))).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("an inbound SMS delivered twice is stored once on the agent's conversation", async () => {
    const hello = sms('SM0001', '+15005550006', 'Hello there');
    const before = await counts();
    const first = await postForm('/webhooks/twilio/messaging', hello);
    expect(first.status).toBe(200);
    expect(first.text).toContain('<Response/>');
    await postForm('/webhooks/twilio/messaging', hello);
    const after = await counts();
    expect(after.messages).toBe(before.messages + 1);
    const [stored] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, 'SM0001'));
    expect(stored).toMatchObject({
      direction: 'inbound',
      author: 'visitor',
      provider: 'twilio',
      content: 'Hello there',
    });
  });
});

describe('what a webhook may carry', () => {
  it('a signed JSON body is parsed only after its signature matched; signed but malformed › 400', async () => {
    const post = (body: string, token = authToken) => {
      const hash = createHash('sha256').update(body).digest('hex');
      const url = `${publicUrl}/webhooks/twilio/status?bodySHA256=${hash}`;
      return fetch(`${server.url}/webhooks/twilio/status?bodySHA256=${hash}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Twilio-Signature': twilio.getExpectedTwilioSignature(token, url, {}),
        },
        body,
      });
    };
    // Not valid JSON: unsigned (or signed with another token) it is refused before parsing.
    const broken = `{"AccountSid":"${accountSid}","CallSid":`;
    expect((await post(broken, 'another-token-0000')).status).toBe(403);
    expect((await post(broken)).status).toBe(400);
    expect((await post(`[{"AccountSid":"${accountSid}"}]`)).status).toBe(400);
  });

  it('an inbound SMS with a NUL is stored with the control characters removed (200)', async () => {
    const res = await postForm(
      '/webhooks/twilio/messaging',
      sms('SM0NUL1', '+15005550016', 'Hi\u0000 there\u001b!\nBye'),
    );
    expect(res.status).toBe(200);
    const [stored] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, 'SM0NUL1'));
    expect(stored!.content).toBe('Hi there!\nBye');
  });

  it('a webhook body over 1 MB › 413 naming the limit', async () => {
    const res = await postForm(
      '/webhooks/twilio/messaging',
      sms('SM0BIG1', '+15005550017', 'x'.repeat(1024 * 1024 + 1)),
    );
    expect(res.status).toBe(413);
    expect(res.text).toContain('larger than the 1 MB limit');
  });
});

describe('integrations store', () => {
  it('bad credentials › 400 naming the field; another organization › 404', async () => {
    const bad = await user.raw('PUT', `/api/integrations/organization/${orgId}/twilio`, {
      credentials: { account_sid: 'nope', auth_token: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^credentials\.account_sid: must be a Twilio Account SID/);
    const empty = await user.raw('PUT', `/api/integrations/organization/${orgId}/openai`, {
      credentials: {},
    });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: 'credentials: at least one credential is required' },
    });
    const badName = await user.raw('PUT', `/api/integrations/organization/${orgId}/Bad Name`, {
      credentials: { api_key: 'x' },
    });
    expect(badName.status).toBe(400);

    const generic = await user.raw('PUT', `/api/integrations/organization/${orgId}/openai`, {
      credentials: { api_key: 'sk-test-abcdef1234' },
    });
    expect(generic.body).toMatchObject({
      provider: 'openai',
      masked: { api_key: expect.stringMatching(/•+1234$/) },
    });

    const stranger = server.newUser();
    await stranger.withOrg('Stranger');
    expect((await stranger.raw('GET', `/api/integrations/organization/${orgId}`)).status).toBe(404);
    const put = await stranger.raw('PUT', `/api/integrations/organization/${orgId}/twilio`, {
      credentials: { account_sid: accountSid, auth_token: 'c0ffee00c0ffee00c0ffee00c0ffee00' },
    });
    expect(put.status).toBe(404);
    const list = await user.raw('GET', `/api/integrations/organization/${orgId}`);
    expect((list.body.integrations as unknown[]).length).toBe(2);
  });
});

describe('sandbox: simulated inbound calls from the console', () => {
  it('an assigned sandbox number answers with the stream; an unassigned one with a message', async () => {
    const u = server.newUser();
    const org = await u.withOrg('Sandbox Org');
    const agent = await activeAgent(u, org, 'front');
    await u.voice.syncAllProviders({ organization_id: org });
    const [a, b] = (await u.voice.phoneNumberPage(org)).phone_numbers;
    await u.voice.assign(a!.phone_id, agent);
    const answered = await u.voice.simulateEvent(org, {
      event: 'voice',
      to: a!.phone_number,
      from: '+15005550006',
    });
    expect(answered).toMatchObject({ answered_by: 'agent', agent_id: agent });
    expect(answered.twiml).toContain(`<Parameter name="agent_id" value="${agent}"/>`);
    expect(answered.conversation_id).toBeTruthy();
    const missed = await u.voice.simulateEvent(org, {
      event: 'voice',
      to: b!.phone_number,
      from: '+15005550006',
    });
    expect(missed).toMatchObject({ answered_by: 'unassigned', conversation_id: null });
    const bad = await u.raw('POST', `/voice/telephony/organization/${org}/simulate`, {
      event: 'voice',
      to: '12',
      from: '+15005550006',
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'to: Please enter a valid phone number (e.g., +1234567890)' },
    });
    // The Twilio organization cannot simulate.
    const twilioOrg = await user.raw('POST', `/voice/telephony/organization/${orgId}/simulate`, {
      event: 'voice',
      to: '+14155550100',
      from: '+15005550006',
    });
    expect(twilioOrg.status).toBe(409);
    expect(await u.voice.telephonyStatus(org)).toEqual({
      provider: 'sandbox',
      sandbox: true,
      credentials: 'none',
      shared: { configured: false, served: false },
    });
  });

  it('the outbox and the provider status take the organization by its id or its name (§6)', async () => {
    const u = server.newUser();
    const org = await u.withOrg('Outbox Name Org');
    await u.voice.syncAllProviders({ organization_id: org });
    const [a] = (await u.voice.phoneNumberPage(org)).phone_numbers;
    const sent = await u.fetch('/messaging/sms/send-message', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        from_number: a!.phone_number,
        to_number: '+15005550007',
        message_text: 'Your table is ready',
        organization_id: org,
      }),
    });
    expect(sent.status).toBe(200);
    const byId = await u.voice.outbox(org);
    expect(byId.map((m) => m.body)).toContain('Your table is ready');
    expect(await u.voice.outbox('Outbox Name Org')).toEqual(byId);
    expect((await u.voice.telephonyStatus('Outbox Name Org')).sandbox).toBe(true);
    // Another organization's name is not found.
    const other = server.newUser();
    await other.withOrg('Not Theirs Org');
    expect(
      (await u.raw('GET', '/voice/telephony/organization/Not%20Theirs%20Org/outbox')).status,
    ).toBe(404);
  });
});

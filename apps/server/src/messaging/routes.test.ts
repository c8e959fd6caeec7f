import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  createMessagingClient,
  newAgentId,
  toolsDefaults,
  type PhoneNumberWire,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { giveToolStep } from '../../test/conversationFixtures';
import { messages, phoneNumbers, telephonyOutbox } from '../db/schema';
import { templateNeededMessage } from './routes';

let server: TestServer;
let user: TestUser;
let orgId: string;
let agentId: string;
let numbers: PhoneNumberWire[];
let both: PhoneNumberWire;

beforeAll(async () => {
  server = await startTestServer({ env: { PARLEY_REPLY_POLL_MS: '50' } });
  user = server.newUser();
  orgId = await user.withOrg('Messaging Org');
  agentId = newAgentId('sender');
  await user.agents.update(agentId, { organization_id: orgId, ...toolsDefaults, status: 'active' });
  await user.voice.syncAllProviders({ organization_id: orgId });
  numbers = (await user.voice.phoneNumberPage(orgId)).phone_numbers;
  both = numbers.find((n) => n.sms_enabled && n.whatsapp_enabled)!;
  await user.voice.assign(both.phone_id, agentId, ['voice', 'sms', 'whatsapp']);
});
afterAll(async () => {
  await server?.close();
});

/** What the sandbox sent (to one person: an earlier test's agent reply may still be landing). */
const outboxCount = async (to?: string) =>
  (
    await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(telephonyOutbox)
      .where(to ? eq(telephonyOutbox.toNumber, to) : undefined)
  )[0]!.n;

async function form(u: TestUser, path: string, fields: Record<string, string>) {
  const res = await u.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('/messaging/sms', () => {
  it('send-message (form-encoded) › the sandbox outbox and the thread; the spec answer', async () => {
    const res = await form(user, '/messaging/sms/send-message', {
      from_number: both.phone_number,
      to_number: '+15005550301',
      message_text: 'Your table is ready',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'SMS message sent successfully!',
      data: { from_number: both.phone_number, to_number: '+15005550301', provider: 'sandbox' },
      timestamp: expect.any(String),
    });
    const data = res.body.data as { message_sid: string; conversation_id: string };
    const [out] = await server.db
      .select()
      .from(telephonyOutbox)
      .where(eq(telephonyOutbox.providerMessageId, data.message_sid));
    expect(out).toMatchObject({ kind: 'sms', body: 'Your table is ready' });
    const [stored] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, data.conversation_id));
    expect(stored).toMatchObject({ author: 'member', direction: 'outbound' });
  });

  it('validation (JSON) › 400 naming the field with the spec words, nothing written', async () => {
    const before = await outboxCount();
    const cases: Array<[Record<string, string>, string]> = [
      [{ to_number: '+15005550301', message_text: 'x' }, 'from_number: From number is required'],
      [{ from_number: both.phone_number, message_text: 'x' }, 'to_number: To number is required'],
      [
        { from_number: both.phone_number, to_number: '12', message_text: 'x' },
        'to_number: Please enter a valid phone number (e.g., +1234567890)',
      ],
      [
        { from_number: both.phone_number, to_number: '+15005550301', message_text: ' ' },
        'message_text: Message text is required',
      ],
      // Over the limit: the limit is named (not 'Message text is required').
      [
        {
          from_number: both.phone_number,
          to_number: '+15005550301',
          message_text: 'a'.repeat(1601),
        },
        'message_text: Message text must be at most 1600 characters',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await user.raw('POST', '/messaging/sms/send-message', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const notOurs = await user.raw('POST', '/messaging/sms/send-message', {
      from_number: '+19995550000',
      to_number: '+15005550301',
      message_text: 'x',
    });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.error).toMatch(/^from_number: /);
    expect(await outboxCount()).toBe(before);
  });

  it('list, unassign (the + stripped) and tenant isolation', async () => {
    const client = createMessagingClient({ baseUrl: '/messaging', fetch: user.fetch });
    const listed = await client.smsReceivingAgents();
    expect(listed.total_mappings).toBe(1);
    expect(listed.receiving_number_mappings[both.phone_number.slice(1)]).toMatchObject({
      agent_id: agentId,
    });
    expect((await client.smsNumbers()).every((n) => n.sms_enabled)).toBe(true);

    const stranger = server.newUser();
    await stranger.withOrg('Stranger Org');
    const other = await stranger.raw(
      'DELETE',
      `/messaging/sms/unassign-receiving-number-agent/${both.phone_number.slice(1)}`,
    );
    expect(other.status).toBe(404);
    const foreign = await stranger.raw(
      'GET',
      `/messaging/sms/list-receiving-number-agents?organization_id=${orgId}`,
    );
    expect(foreign.status).toBe(404);
    const send = await form(stranger, '/messaging/sms/send-message', {
      from_number: both.phone_number,
      to_number: '+15005550301',
      message_text: 'hijack',
    });
    expect(send.status).toBe(400);

    const smsOnly = numbers.find((n) => n.sms_enabled && n !== both)!;
    await user.voice.assign(smsOnly.phone_id, agentId, ['sms']);
    await client.unassignSms(smsOnly.phone_number);
    const [row] = await server.db
      .select({ agent: phoneNumbers.smsAgentName })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, smsOnly.phone_id));
    expect(row!.agent).toBeNull();
  });
});

describe('/messaging/sms/messages', () => {
  it('the threads, newest first: the console send, the inbound message and the agent reply', async () => {
    const client = createMessagingClient({ baseUrl: '/messaging', fetch: user.fetch });
    const person = '+15005550309';
    await client.sendSms({
      from_number: both.phone_number,
      to_number: person,
      message_text: 'Hello from the console',
      organization_id: orgId,
    });
    await user.voice.simulateEvent(orgId, {
      event: 'sms',
      to: both.phone_number,
      from: person,
      text: 'When do you open?',
    });
    const end = Date.now() + 5000;
    let thread = (await client.channelMessages('sms', orgId)).conversations[0]!;
    while (thread.messages.length < 3 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      thread = (await client.channelMessages('sms', orgId)).conversations[0]!;
    }
    expect(thread).toMatchObject({ end_user: person, our_number: both.phone_number });
    expect(thread.messages.map((m) => [m.author, m.direction])).toEqual([
      ['agent', 'outbound'],
      ['visitor', 'inbound'],
      ['member', 'outbound'],
    ]);
    expect(thread.messages[1]!.text).toBe('When do you open?');
    // An agent reply that called tools carries its steps.
    expect(thread.messages[0]!.tool_steps).toBeUndefined();
    const step = await giveToolStep(server.db, thread.messages[0]!.id);
    const withSteps = (await client.channelMessages('sms', orgId)).conversations[0]!;
    expect(withSteps.messages[0]!.tool_steps).toEqual([step]);
    // A number without an agent: the message is listed on its own thread, with no agent.
    const free = numbers.find((n) => n.sms_enabled && !n.agent_id && n !== both)!;
    const dropped = await user.voice.simulateEvent(orgId, {
      event: 'sms',
      to: free.phone_number,
      from: '+15005550310',
      text: 'Anyone there?',
    });
    expect(dropped).toMatchObject({ answered_by: 'unassigned', agent_id: null });
    const listed = (await client.channelMessages('sms', orgId)).conversations;
    expect(listed[0]).toMatchObject({
      agent_id: null,
      our_number: free.phone_number,
      end_user: '+15005550310',
      messages: [{ text: 'Anyone there?', author: 'visitor', direction: 'inbound' }],
    });
    // Another channel's and another organization's threads are not listed.
    const wa = await client.channelMessages('whatsapp', orgId);
    expect(wa.conversations.every((t) => t.end_user !== person)).toBe(true);
    const stranger = server.newUser();
    await stranger.withOrg('Nosy Org');
    const foreign = await stranger.raw('GET', `/messaging/sms/messages?organization_id=${orgId}`);
    expect(foreign.status).toBe(404);
    const own = await stranger.raw('GET', '/messaging/sms/messages');
    expect(own.body).toEqual({ conversations: [] });
    // A member of several organizations names one (lib/tenancy.ts organizationOf).
    await stranger.org.createOrg('Second Org');
    const unnamed = await stranger.raw('GET', '/messaging/sms/messages');
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toMatchObject({ error: expect.stringMatching(/^organization_id: /) });
  });
});

describe('/messaging/whatsapp', () => {
  it('outside the 24-hour window a free-form message is refused; a template is sent', async () => {
    const before = await outboxCount('+15005550401');
    const refused = await form(user, '/messaging/whatsapp/send-message', {
      to_number: '+15005550401',
      message_text: 'Hello',
      receiving_number: both.phone_number,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toBe(templateNeededMessage);
    expect(await outboxCount('+15005550401')).toBe(before);
    const missing = await user.raw('POST', '/messaging/whatsapp/send-message', {
      message_text: 'Hello',
    });
    expect(missing.body.error).toBe('to_number: Recipient phone number is required');
    const tooLong = await user.raw('POST', '/messaging/whatsapp/send-message', {
      to_number: '+15005550401',
      message_text: 'a'.repeat(4097),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('message_text: Message text must be at most 4096 characters');

    const template = await form(user, '/messaging/whatsapp/send-message', {
      to_number: '+15005550401',
      message_text: 'Your appointment is tomorrow at 10:00',
      message_type: 'template',
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    expect(template.body.message).toBe('WhatsApp message sent successfully!');

    // Within the window (the person just wrote) free-form text is allowed.
    await user.voice.simulateEvent(orgId, {
      event: 'whatsapp',
      to: both.phone_number,
      from: '+15005550401',
      text: 'Hi!',
    });
    const ok = await form(user, '/messaging/whatsapp/send-message', {
      to_number: '+15005550401',
      message_text: 'Hello',
      receiving_number: both.phone_number,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

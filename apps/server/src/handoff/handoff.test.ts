import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import {
  agentAnalyticsSchema,
  callMessageTakenNotice,
  callTransferNotice,
  createAgentToolsClient,
  createChatRuntime,
  createConversationsClient,
  createHandoffClient,
  defaultBusinessHours,
  type BusinessHours,
  handoffInHoursNotice,
  handoffWaitingAck,
  toolsDefaults,
  waitingListSchema,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { chatAgent, modelAt } from '../../test/agentFixtures';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtpCatcher';
import { startFakeToolModel, toolResultsOf, type FakeToolModel } from '../../test/fakeToolModel';
import { conversations, handoffs, messages, telephonyOutbox } from '../db/schema';
import { turnsStored } from '../runtime/chat';
import { handoffWorkDone } from './record';

/**
 * Handoff to people (issue 41) on the real server: the request_human tool with a fake model on
 * loopback, business hours on a clock the test sets, the waiting list, the visitor's own request,
 * a call put through to the member on duty (sandbox), analytics and tenant isolation.
 */

let server: TestServer;
let model: FakeToolModel;
let owner: TestUser;
let orgId: string;
let stranger: TestUser;
let strangerOrg: string;
let mails: ParsedMail[];
let smtp: SmtpCatcher;
const workerSecret = 'worker-secret-handoff-0123456789abcdef';
/** The server's clock for business hours: a Monday 10:00 in Paris unless a test moves it. */
let clock = new Date('2026-06-01T08:00:00Z');
const oohMessage = 'We are closed now; the team answers from 9 in the morning.';

beforeAll(async () => {
  model = await startFakeToolModel();
  smtp = await startSmtpCatcher(undefined);
  mails = smtp.received;
  server = await startTestServer({
    env: {
      PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_WORKER_SECRET: workerSecret,
      PARLEY_REPLY_POLL_MS: '50',
      PARLEY_SMTP_URL: smtp.url,
    },
    clock: () => clock,
  });
  owner = server.newUser();
  orgId = await owner.withOrg('Handoff Org');
  stranger = server.newUser();
  strangerOrg = await stranger.withOrg('Elsewhere');
});
afterAll(async () => {
  await handoffWorkDone();
  await server?.close();
  await model?.close();
  await smtp?.close();
});

const handoffApi = (u: TestUser) => createHandoffClient({ baseUrl: '/api', fetch: u.fetch });
const inbox = (u: TestUser) => createConversationsClient({ baseUrl: '/api', fetch: u.fetch });
const paris: BusinessHours = {
  time_zone: 'Europe/Paris',
  days: {
    mon: [['09:00', '17:00']],
    tue: [['09:00', '17:00']],
    wed: [
      ['09:00', '12:00'],
      ['13:00', '17:00'],
    ],
    thu: [['09:00', '17:00']],
    fri: [['09:00', '17:00']],
    sat: [],
    sun: [],
  },
  holidays: ['2026-12-25'],
  out_of_hours_message: oohMessage,
};

/** An agent of the organization: the fake model (its request_human tool) or none (offline). */
async function newAgent(options: { model?: boolean; user?: TestUser; org?: string } = {}) {
  const user = options.user ?? owner;
  const org = options.org ?? orgId;
  const { id, appKey: key } = await chatAgent(
    user,
    org,
    'handoff',
    {
      ...toolsDefaults,
      system_prompt: 'You are the front desk of a clinic.',
      ...(options.model === false ? {} : modelAt(model.url)),
      status: 'active',
    },
    { agentType: 'action' },
  );
  if (options.model !== false)
    await createAgentToolsClient({ baseUrl: '/api/agents', fetch: user.fetch }).create(id, {
      name: 'request_human',
      type: 'request_human',
    });
  return { id, key, runtime: createChatRuntime({ apiUrl: `${server.url}/v1`, apiKey: key }) };
}

/** The model asks for a person on the visitor's first message, and summarises when asked to. */
function modelAsksForPerson(reason = 'The visitor wants to change a surgery date') {
  model.decide = (body) => {
    const system = String(body.messages[0]?.content ?? '');
    if (system.includes('handover note'))
      return { text: 'The visitor wants to move their surgery to next week. Nothing booked yet.' };
    if (body.tools?.length && toolResultsOf(body).length === 0)
      return { toolCalls: [{ name: 'request_human', arguments: { reason } }] };
    return { text: 'I have asked a colleague to help you.' };
  };
}

const handoffRows = (conversationId: string) =>
  server.db.select().from(handoffs).where(eq(handoffs.conversationId, conversationId));

describe('business hours', () => {
  it('are open all day until set; owners set them; bad input is refused naming the field', async () => {
    expect(await handoffApi(owner).businessHours(orgId)).toEqual(defaultBusinessHours);
    const saved = await handoffApi(owner).saveBusinessHours(orgId, paris);
    expect(saved).toEqual(paris);
    expect(await handoffApi(owner).businessHours(orgId)).toEqual(paris);

    const bad = async (body: unknown, field: string) => {
      const res = await owner.raw('PUT', `/api/org/${orgId}/business-hours`, body);
      expect({ status: res.status, field: String(res.body.error).split(':')[0] }).toEqual({
        status: 400,
        field,
      });
    };
    await bad({ ...paris, time_zone: 'Mars/Olympus' }, 'time_zone');
    await bad({ ...paris, time_zone: '+01:00' }, 'time_zone');
    await bad({ ...paris, days: { ...paris.days, mon: [['17:00', '09:00']] } }, 'days.mon.0');
    await bad({ ...paris, days: { ...paris.days, tue: [['09:00', '25:00']] } }, 'days.tue.0.1');
    await bad(
      {
        ...paris,
        days: {
          ...paris.days,
          wed: [
            ['09:00', '13:00'],
            ['12:00', '17:00'],
          ],
        },
      },
      'days.wed.1',
    );
    await bad({ ...paris, days: { ...paris.days, someday: [] } }, 'days');
    await bad({ ...paris, holidays: ['2026-02-30'] }, 'holidays.0');
    await bad({ ...paris, out_of_hours_message: ' ' }, 'out_of_hours_message');
    // Nothing of the refused ones was written.
    expect(await handoffApi(owner).businessHours(orgId)).toEqual(paris);

    const member = await server.newUser().signUp();
    await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
    expect((await member.raw('GET', `/api/org/${orgId}/business-hours`)).status).toBe(200);
    const refused = await member.raw('PUT', `/api/org/${orgId}/business-hours`, paris);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only an owner or admin can change business hours');
    // Another organization's hours: 404 to read and to write.
    expect((await stranger.raw('GET', `/api/org/${orgId}/business-hours`)).status).toBe(404);
    expect((await stranger.raw('PUT', `/api/org/${orgId}/business-hours`, paris)).status).toBe(404);
  });
});

describe('request_human (a fake model calls it)', () => {
  it('inside hours: needs_human with reason and summary, the visitor told, the waiting list, then takeover, reply, release', async () => {
    clock = new Date('2026-06-01T08:00:00Z'); // Monday 10:00 in Paris
    modelAsksForPerson();
    const agent = await newAgent();
    const first = await agent.runtime.send({ user: 'visitor-a', query: 'Can I move my surgery?' });
    expect(first.answer).toContain(handoffInHoursNotice);
    const id = first.conversation_id;
    const [row] = await handoffRows(id);
    expect(row).toMatchObject({
      reason: 'The visitor wants to change a surgery date',
      source: 'agent',
      inHours: true,
      channel: 'chat',
      takenAt: null,
    });
    // The summary by the agent's model replaces the last messages once it is written.
    await handoffWorkDone();
    const waiting = waitingListSchema.parse(await handoffApi(owner).waiting(orgId));
    const entry = waiting.conversations.find((c) => c.id === id)!;
    expect(entry.status).toBe('needs_human');
    expect(entry.handoff).toMatchObject({
      reason: 'The visitor wants to change a surgery date',
      summary: 'The visitor wants to move their surgery to next week. Nothing booked yet.',
      summary_source: 'model',
      in_hours: true,
    });
    const filtered = await inbox(owner).list({ status: 'needs_human', agent_id: agent.id });
    expect(filtered.conversations.map((c) => c.id)).toEqual([id]);
    expect((await inbox(owner).list({ status: 'open', agent_id: agent.id })).conversations).toEqual(
      [],
    );

    // While it waits the agent does not carry on: a brief acknowledgement, no model call.
    const calls = model.requests.length;
    const next = await agent.runtime.send({
      user: 'visitor-a',
      query: 'Hello? Anyone?',
      conversationId: id,
    });
    expect(next.answer).toBe(`${handoffWaitingAck} ${handoffInHoursNotice}`);
    expect(model.requests.length).toBe(calls);
    const stored = await server.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored.some((m) => m.content === 'Hello? Anyone?')).toBe(true);

    // A member takes it over: reason and summary on the thread; replying, then releasing.
    await inbox(owner).takeover(id);
    const thread = await inbox(owner).get(id);
    expect(thread.status).toBe('held');
    expect(thread.handoff?.taken_by?.user_id).toBe(owner.userId);
    expect((await handoffApi(owner).waiting(orgId)).conversations.map((c) => c.id)).not.toContain(
      id,
    );
    await inbox(owner).reply(id, 'Hi, this is Ada from the clinic. Which day suits you?');
    const [answered] = await handoffRows(id);
    expect(answered!.firstReplyAt).not.toBeNull();
    await inbox(owner).release(id);
    const [closed] = await handoffRows(id);
    expect(closed!.closedAt).not.toBeNull();
    expect((await inbox(owner).get(id)).status).toBe('open');
  });

  it('outside hours: it still lands in the waiting list, and the person hears the out-of-hours message', async () => {
    clock = new Date('2026-06-06T10:00:00Z'); // a Saturday
    modelAsksForPerson('Billing question');
    const agent = await newAgent();
    const first = await agent.runtime.send({ user: 'visitor-b', query: 'My invoice is wrong' });
    expect(first.answer).toContain(oohMessage);
    expect(first.answer).not.toContain(handoffInHoursNotice);
    const [row] = await handoffRows(first.conversation_id);
    expect(row).toMatchObject({ inHours: false, reason: 'Billing question' });
    const waiting = await handoffApi(owner).waiting(orgId);
    expect(
      waiting.conversations.find((c) => c.id === first.conversation_id)?.handoff?.in_hours,
    ).toBe(false);
    // A holiday is closed all day, whatever the weekday; the acknowledgement follows the hours now.
    clock = new Date('2026-12-25T10:00:00Z');
    const next = await agent.runtime.send({
      user: 'visitor-b',
      query: 'Still there?',
      conversationId: first.conversation_id,
    });
    expect(next.answer).toBe(`${handoffWaitingAck} ${oohMessage}`);
    clock = new Date('2026-06-01T08:00:00Z');
  });

  it('without a model the offline responder hands over on a plain request for a person', async () => {
    const agent = await newAgent({ model: false });
    const answer = await agent.runtime.send({
      user: 'visitor-c',
      query: 'I want to talk to a human',
    });
    expect(answer.answer).toBe(handoffInHoursNotice);
    const [row] = await handoffRows(answer.conversation_id);
    expect(row).toMatchObject({ source: 'agent', inHours: true, summarySource: 'last_messages' });
    expect(row!.summary).toContain('Visitor: I want to talk to a human');
    // Anything else is the offline answer as before.
    const other = await agent.runtime.send({
      user: 'visitor-c2',
      query: 'Do you open on Sundays?',
    });
    expect(other.answer).not.toContain(handoffInHoursNotice);
    expect(await handoffRows(other.conversation_id)).toEqual([]);
  });
});

describe("the visitor's own request ('Talk to a person')", () => {
  it('only the conversation’s own visitor may ask; once is enough; the setting turns it off', async () => {
    const agent = await newAgent({ model: false });
    const chat = await agent.runtime.send({ user: 'visitor-d', query: 'Hello' });
    const id = chat.conversation_id;
    const ask = (key: string, body: unknown, conv = id) =>
      fetch(`${server.url}/v1/conversations/${conv}/handoff`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Another visitor, another agent's key, an unknown id: 404 alike.
    expect((await ask(agent.key, { user: 'someone-else' })).status).toBe(404);
    const other = await newAgent({ model: false });
    expect((await ask(other.key, { user: 'visitor-d' })).status).toBe(404);
    expect((await ask(agent.key, { user: 'visitor-d' }, crypto.randomUUID())).status).toBe(404);
    const bad = await ask(agent.key, { user: 'visitor-d', reason: 'x'.repeat(501) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^reason:/);
    expect(await handoffRows(id)).toEqual([]);

    const res = await agent.runtime.handoff({
      conversationId: id,
      user: 'visitor-d',
      reason: 'I would rather talk to someone',
    });
    expect(res).toMatchObject({
      conversation_id: id,
      status: 'needs_human',
      in_hours: true,
      message: handoffInHoursNotice,
    });
    const again = await agent.runtime.handoff({ conversationId: id, user: 'visitor-d' });
    expect(again.requested_at).toBe(res.requested_at);
    const rows = await handoffRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'visitor', reason: 'I would rather talk to someone' });

    await owner.agents.update(other.id, { organization_id: orgId, talk_to_person: false });
    const otherChat = await other.runtime.send({ user: 'visitor-e', query: 'Hello' });
    const off = await ask(other.key, { user: 'visitor-e' }, otherChat.conversation_id);
    expect(off.status).toBe(403);
    expect(await handoffRows(otherChat.conversation_id)).toEqual([]);
  });
});

describe('a call', () => {
  /** A phone call of the agent (as the phone webhook opens it), on a number of the organization. */
  async function phoneCall(agentId: string, caller: string) {
    const [call] = await server.db
      .insert(conversations)
      .values({
        organizationId: orgId,
        agentName: agentId,
        channel: 'voice',
        endUser: caller,
        agentAddress: '+15005550006',
        metadata: {
          transport: 'phone',
          call_sid: `CA${crypto.randomUUID().replace(/-/g, '')}`,
          to: '+15005550006',
        },
      })
      .returning();
    return call!;
  }
  const worker = (path: string, body: unknown) =>
    fetch(`${server.url}/voice/internal${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${workerSecret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const endLine = async (res: Response) => {
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    return {
      text: lines.map((l) => l.delta ?? '').join(''),
      end: lines.find((l) => l.end) as Record<string, unknown>,
    };
  };

  it('inside hours it is put through to the member on duty with a whisper (sandbox); else a message is taken', async () => {
    clock = new Date('2026-06-01T08:00:00Z');
    // A member's phone number: checked (E.164 with its country code), kept in E.164.
    const refused = await owner.raw('PUT', '/api/account/profile', { phone_number: '555 0100' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^phone_number: /);
    expect((await handoffApi(owner).profile()).phone_number).toBeNull();
    expect((await handoffApi(owner).saveProfile('+1 (415) 555-0142')).phone_number).toBe(
      '+14155550142',
    );

    modelAsksForPerson('The caller wants a nurse');
    const agent = await newAgent();
    const call = await phoneCall(agent.id, '+15005550777');
    const turn = await endLine(
      await worker(`/calls/${call.id}/chat`, { query: 'Put me through to a nurse' }),
    );
    expect(turn.text).toContain(callTransferNotice);
    expect(turn.end.actions).toMatchObject({ transfer_call: { number: '+14155550142' } });
    // The worker transfers once the answer is spoken: the sandbox shows the call to the member,
    // with the one-line summary said to them first.
    expect((await worker(`/calls/${call.id}/transfer`, { number: '+14155550142' })).status).toBe(
      200,
    );
    const [transfer] = await server.db
      .select()
      .from(telephonyOutbox)
      .where(
        and(
          eq(telephonyOutbox.organizationId, orgId),
          eq(telephonyOutbox.toNumber, '+14155550142'),
        ),
      );
    expect(transfer!.kind).toBe('call');
    expect(transfer!.body).toContain('(whisper: Parley: a caller needs a person.');
    const [row] = await handoffRows(call.id);
    expect(row).toMatchObject({ transferredTo: '+14155550142', takenBy: owner.userId });
    expect(row!.firstReplyAt).not.toBeNull();
    expect(row!.closedAt).not.toBeNull();

    // Outside hours nobody is put through: a message is taken, the call waits for a person, and
    // the caller's next words are taken as a message too.
    clock = new Date('2026-06-06T10:00:00Z');
    const late = await phoneCall(agent.id, '+15005550778');
    const taken = await endLine(
      await worker(`/calls/${late.id}/chat`, { query: 'I need a nurse' }),
    );
    expect(taken.text).toContain(callMessageTakenNotice);
    expect(taken.text).toContain(oohMessage);
    expect(taken.end.actions).toBeUndefined();
    // (The request is stored with the turn, just after its last line.)
    await turnsStored();
    const [waiting] = await handoffRows(late.id);
    expect(waiting).toMatchObject({ inHours: false, transferredTo: null, takenAt: null });
    const after = await endLine(await worker(`/calls/${late.id}/chat`, { query: 'Hello?' }));
    expect(after.end.held).toBe('message_taken');
    clock = new Date('2026-06-01T08:00:00Z');
  });
});

describe('SMS and e-mail alerts', () => {
  it('an SMS asking for a person is handed over offline; the next one is acknowledged; opted-in members are e-mailed', async () => {
    clock = new Date('2026-06-01T08:00:00Z');
    await handoffApi(owner).saveNotifications(orgId, true);
    expect(await handoffApi(owner).notifications(orgId)).toEqual({
      handoff_email: true,
      mailer: true,
    });
    const agent = await newAgent({ model: false });
    await owner.voice.syncAllProviders({ organization_id: orgId });
    const number = (await owner.voice.phoneNumberPage(orgId)).phone_numbers.find(
      (n) => n.sms_enabled && !n.sms_agent_id,
    )!;
    await owner.voice.assign(number.phone_id, agent.id, ['sms']);
    const from = '+15005550901';
    const first = await owner.voice.simulateEvent(orgId, {
      event: 'sms',
      to: number.phone_number,
      from,
      text: 'agent please',
    });
    const sent = async () =>
      (
        await server.db.select().from(telephonyOutbox).where(eq(telephonyOutbox.toNumber, from))
      ).map((r) => r.body);
    await expect.poll(sent, { timeout: 20_000 }).toEqual([handoffInHoursNotice]);
    expect((await handoffRows(first.conversation_id!))[0]).toMatchObject({ channel: 'sms' });
    await owner.voice.simulateEvent(orgId, {
      event: 'sms',
      to: number.phone_number,
      from,
      text: 'Thanks',
    });
    await expect
      .poll(sent, { timeout: 20_000 })
      .toEqual([handoffInHoursNotice, `${handoffWaitingAck} ${handoffInHoursNotice}`]);
    await handoffWorkDone();
    await expect
      .poll(() => mails.filter((m) => m.subject === `Needs a person: ${from} (sms)`).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const mail = mails.find((m) => m.subject === `Needs a person: ${from} (sms)`)!;
    expect(mail.text).toContain('Why: The person asked for a person of the team');
    await handoffApi(owner).saveNotifications(orgId, false);
  });
});

describe('analytics and isolation', () => {
  it("counts an agent's requests, their share and time to a person; another organization sees none of it", async () => {
    modelAsksForPerson();
    const agent = await newAgent();
    const a = await agent.runtime.send({ user: 'visitor-x', query: 'I need help' });
    await agent.runtime.send({ user: 'visitor-y', query: 'What time is it?' });
    model.decide = () => ({ text: 'Fine.' });
    const b = await agent.runtime.send({ user: 'visitor-z', query: 'Hello' });
    await turnsStored();
    await inbox(owner).takeover(a.conversation_id);
    await inbox(owner).reply(a.conversation_id, 'Here I am.');
    const figures = agentAnalyticsSchema.parse(
      await inbox(owner).analytics(agent.id, '24h'),
    ).handoff_requests;
    expect(figures.total).toBe(2);
    expect(figures.by_agent).toBe(2);
    expect(figures.share).toBeCloseTo(2 / 3);
    expect(figures.time_to_person_s.p50).not.toBeNull();
    expect(figures.by_day).toHaveLength(1);
    expect(figures.by_day[0]).toMatchObject({ requests: 2, conversations: 2 });
    expect(b.conversation_id).toBeTruthy();

    // Another organization: its waiting list holds none of ours; our conversation is 404 to it.
    const theirs = await handoffApi(stranger).waiting(strangerOrg);
    expect(theirs).toEqual({ count: 0, conversations: [] });
    expect(
      (await stranger.raw('GET', `/api/conversations/waiting?organization_id=${orgId}`)).status,
    ).toBe(404);
    expect(
      (await stranger.raw('POST', `/api/conversations/${a.conversation_id}/takeover`)).status,
    ).toBe(404);
    expect((await stranger.raw('GET', `/api/org/${orgId}/notifications`)).status).toBe(404);
    // Ours: the count matches the list.
    const ours = await handoffApi(owner).waiting(orgId);
    expect(ours.count).toBe(ours.conversations.length);
    expect(ours.conversations.every((c) => c.organization_id === orgId)).toBe(true);
    // The longest waiting first.
    const times = ours.conversations.map((c) => c.handoff!.requested_at);
    expect([...times].sort()).toEqual(times);
  });
});

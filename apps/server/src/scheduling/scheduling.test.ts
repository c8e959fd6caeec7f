import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  newAgentId,
  toolsDefaults,
  type CreateScheduledRequest,
  type ScheduledEvent,
} from '@parley/api-client';
import { type TestServer } from '../../test/harness';
import { orgWithVoiceAgent } from '../../test/agentFixtures';
import { callingHoursStart as start, startSchedulingServer } from '../../test/schedulingFixtures';
import {
  conversations,
  doNotCall,
  messagingOptOuts,
  scheduledEvents,
  telephonyOutbox,
} from '../db/schema';
import { ManualClock } from './clock';
import { runOnce } from './scheduler';
import { recordDoNotContact } from './doNotContact';

const clock = new ManualClock(start);
const minute = 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await startSchedulingServer({ clock, sandboxCallMs: 3000, instanceId: 'test-a' });
});
afterAll(async () => {
  await server?.close();
});

const round = () => runOnce(server.scheduler.deps);
let phoneCounter = 0;
/** A fresh Californian number per test (the outbox and controls are per number). */
const newPhone = () => `+1415555${String(2000 + ++phoneCounter).padStart(4, '0')}`;

const newOrg = (name = 'Dial Org') => orgWithVoiceAgent(server, name, 'caller');
type Org = Awaited<ReturnType<typeof newOrg>>;
type SandboxOutcome = Parameters<Org['user']['voice']['setSandboxOutcome']>[1];

/** A new organization and a fresh number of it whose sandbox calls end with `outcome`. */
async function orgWhoseCallsEnd(outcome: SandboxOutcome['outcome']) {
  const org = await newOrg();
  const phone = newPhone();
  await org.user.voice.setSandboxOutcome(org.orgId, { phone_number: phone, outcome });
  return { org, phone };
}

/** After `ms`, a round dials what is due; 3 s later (the sandbox call's length) a round ends it. */
async function dialAndEndAfter(ms: number) {
  clock.advance(ms);
  await round();
  clock.advance(3000);
  await round();
}

const inMinutes = (m: number) => new Date(clock.now().getTime() + m * minute).toISOString();

function schedule(org: Org, patch: Partial<CreateScheduledRequest> = {}) {
  return org.user.voice.createScheduled({
    organization_id: org.orgId,
    agent_id: org.agentId,
    call_type: 'outbound_call',
    recipient_phone: newPhone(),
    scheduled_time: inMinutes(1),
    flexible_time_minutes: 30,
    max_retries: 3,
    message_template: 'Your appointment is tomorrow at 10.',
    ...patch,
  });
}

async function eventOf(org: Org, id: string): Promise<ScheduledEvent> {
  const list = await org.user.voice.listScheduled(org.orgId, { limit: 500 });
  return list.find((e) => e.scheduled_id === id)!;
}

async function callsTo(orgId: string, phone: string) {
  return server.db
    .select()
    .from(telephonyOutbox)
    .where(
      and(
        eq(telephonyOutbox.organizationId, orgId),
        eq(telephonyOutbox.kind, 'call'),
        eq(telephonyOutbox.toNumber, phone),
      ),
    );
}

async function eventRows(orgId: string) {
  const [row] = await server.db
    .select({ n: count() })
    .from(scheduledEvents)
    .where(eq(scheduledEvents.organizationId, orgId));
  return row!.n;
}

describe('/voice/scheduled: create, list, edit, delete', () => {
  it('given a valid form › 201 with the spec’s fields and no attempts; listed newest first with filters and paging', async () => {
    clock.set(start);
    const org = await newOrg();
    const first = await schedule(org, { message_template: 'First' });
    expect(first).toMatchObject({
      organization_id: org.orgId,
      agent_id: org.agentId,
      call_type: 'outbound_call',
      flexible_time_minutes: 30,
      max_retries: 3,
      status: 'scheduled',
      message_template: 'First',
      attempts: [],
    });
    const second = await schedule(org, { max_retries: 1 });
    const all = await org.user.voice.scheduledPage(org.orgId);
    expect(all.scheduled_events.map((e) => e.scheduled_id)).toEqual([
      second.scheduled_id,
      first.scheduled_id,
    ]);
    expect(all.total).toBe(2);
    expect(all.sandbox).toBe(true);
    expect(all.dialing_paused).toBeNull();
    const paged = await org.user.voice.scheduledPage(org.orgId, { limit: 1, offset: 1 });
    expect(paged.scheduled_events.map((e) => e.scheduled_id)).toEqual([first.scheduled_id]);
    expect(
      await org.user.voice.listScheduled(org.orgId, {
        agent_id: org.agentId,
        call_type: 'outbound_call',
        status: 'scheduled',
      }),
    ).toHaveLength(2);
    expect(await org.user.voice.listScheduled(org.orgId, { status: 'completed' })).toEqual([]);
    // The organization by name too ({org} is its id or its name).
    expect(await org.user.voice.listScheduled('Dial Org')).toHaveLength(2);
    const bad = await org.user.raw(
      'GET',
      `/voice/scheduled/organization/${org.orgId}/schedules?status=nope`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^query: /);
  });

  it('given bad input › 400 naming the field with the §5 message, nothing written', async () => {
    clock.set(start);
    const org = await newOrg();
    const base = {
      organization_id: org.orgId,
      agent_id: org.agentId,
      call_type: 'outbound_call',
      recipient_phone: '+14155550199',
      scheduled_time: inMinutes(10),
      flexible_time_minutes: 0,
      max_retries: 3,
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ agent_id: '' }, 'agent_id: Please select an agent'],
      [{ agent_id: undefined }, 'agent_id: Please select an agent'],
      [
        { recipient_phone: '0123' },
        'recipient_phone: Please enter a valid phone number (e.g., +1234567890)',
      ],
      [
        { recipient_phone: '+1 415 555 0199' },
        'recipient_phone: Please enter a valid phone number (e.g., +1234567890)',
      ],
      [{ scheduled_time: '' }, 'scheduled_time: Scheduled time is required'],
      [{ scheduled_time: undefined }, 'scheduled_time: Scheduled time is required'],
      [{ scheduled_time: inMinutes(-1) }, 'scheduled_time: Scheduled time must be in the future'],
      [
        { flexible_time_minutes: 61 },
        'flexible_time_minutes: Flexible time must be between 0 and 60 minutes',
      ],
      [
        { flexible_time_minutes: -1 },
        'flexible_time_minutes: Flexible time must be between 0 and 60 minutes',
      ],
      [{ max_retries: 0 }, 'max_retries: Max retries must be between 1 and 10'],
      [{ max_retries: 11 }, 'max_retries: Max retries must be between 1 and 10'],
      [{ call_type: 'inbound_call' }, 'call_type: Only outbound_call is supported'],
    ];
    for (const [patch, error] of cases) {
      const res = await org.user.raw('POST', '/voice/scheduled/create', { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect(await eventRows(org.orgId)).toBe(0);
  });

  it('given another organization › its events, agents and lists answer 404, nothing changes', async () => {
    clock.set(start);
    const owner = await newOrg('Owner Co');
    const event = await schedule(owner);
    const stranger = await newOrg('Stranger Co');
    const list = await stranger.user.raw(
      'GET',
      `/voice/scheduled/organization/${owner.orgId}/schedules`,
    );
    expect(list.status).toBe(404);
    const byName = await stranger.user.raw(
      'GET',
      '/voice/scheduled/organization/Owner%20Co/schedules',
    );
    expect(byName.status).toBe(404);
    const put = await stranger.user.raw('PUT', `/voice/scheduled/${event.scheduled_id}`, {
      max_retries: 5,
    });
    expect(put.status).toBe(404);
    const del = await stranger.user.raw('DELETE', `/voice/scheduled/${event.scheduled_id}`);
    expect(del.status).toBe(404);
    const createAs = (organization_id: string, agent_id: string) =>
      stranger.user.raw('POST', '/voice/scheduled/create', {
        organization_id,
        agent_id,
        recipient_phone: '+14155550111',
        scheduled_time: inMinutes(5),
      });
    // Another organization's agent from one's own organization.
    expect((await createAs(stranger.orgId, owner.agentId)).status).toBe(404);
    // One's own agent into another organization.
    expect((await createAs(owner.orgId, stranger.agentId)).status).toBe(404);
    expect(await eventRows(stranger.orgId)).toBe(0);
    expect(await eventOf(owner, event.scheduled_id)).toMatchObject({
      max_retries: 3,
      status: 'scheduled',
    });
  });

  it('given the agent’s name (its prefix, as §3 keys agents) › create and edit take it and store the id', async () => {
    clock.set(start);
    const org = await newOrg();
    const event = await schedule(org, { agent_id: 'caller' });
    expect(event.agent_id).toBe(org.agentId);
    const other = newAgentId('closer');
    await org.user.agents.update(other, { organization_id: org.orgId, ...toolsDefaults });
    const edited = await org.user.voice.updateScheduled(event.scheduled_id, { agent_id: 'closer' });
    expect(edited.agent_id).toBe(other);
    const unknown = await org.user.raw('POST', '/voice/scheduled/create', {
      organization_id: org.orgId,
      agent_id: 'nobody',
      call_type: 'outbound_call',
      recipient_phone: newPhone(),
      scheduled_time: inMinutes(5),
    });
    expect(unknown.status).toBe(404);
  });

  it('given a pending event › PUT changes it; DELETE removes it from the list and the total, and it is never dialled', async () => {
    clock.set(start);
    const org = await newOrg();
    const event = await schedule(org);
    const phone = newPhone();
    const updated = await org.user.voice.updateScheduled(event.scheduled_id, {
      recipient_phone: phone,
      scheduled_time: inMinutes(20),
      flexible_time_minutes: 10,
      max_retries: 5,
      agent_id: org.agentId,
    });
    expect(updated).toMatchObject({
      recipient_phone: phone,
      flexible_time_minutes: 10,
      max_retries: 5,
    });
    expect(updated.scheduled_time).toBe(inMinutes(20));
    const past = await org.user.raw('PUT', `/voice/scheduled/${event.scheduled_id}`, {
      scheduled_time: inMinutes(-5),
    });
    expect(past).toMatchObject({
      status: 400,
      body: { error: 'scheduled_time: Scheduled time must be in the future' },
    });
    const retries = await org.user.raw('PUT', `/voice/scheduled/${event.scheduled_id}`, {
      max_retries: 11,
    });
    expect(retries.body.error).toBe('max_retries: Max retries must be between 1 and 10');

    const deleted = await org.user.raw('DELETE', `/voice/scheduled/${event.scheduled_id}`);
    expect(deleted.body).toMatchObject({ success: true, removed: true });
    // Deleted is gone: not listed (as 'cancelled' or otherwise), not counted.
    const page = await org.user.voice.scheduledPage(org.orgId);
    expect(page.scheduled_events.map((e) => e.scheduled_id)).not.toContain(event.scheduled_id);
    expect(page.total).toBe(0);
    expect(await eventRows(org.orgId)).toBe(0);
    // Never dialled.
    clock.advance(30 * minute);
    await round();
    expect(await callsTo(org.orgId, phone)).toHaveLength(0);
    const edit = await org.user.raw('PUT', `/voice/scheduled/${event.scheduled_id}`, {
      max_retries: 2,
    });
    expect(edit.status).toBe(404);
    const again = await org.user.raw('DELETE', `/voice/scheduled/${event.scheduled_id}`);
    expect(again.status).toBe(404);
  });
});

describe('the scheduler (sandbox, injectable clock)', () => {
  it('given a due event › claimed once, dialled once into the outbox, answered, completed with its attempt', async () => {
    clock.set(start);
    const org = await newOrg();
    const event = await schedule(org);
    await round();
    expect((await eventOf(org, event.scheduled_id)).status).toBe('scheduled');
    clock.advance(minute);
    await round();
    const running = await eventOf(org, event.scheduled_id);
    expect(running.status).toBe('in_progress');
    expect(running.attempts).toHaveLength(1);
    expect(running.attempts[0]).toMatchObject({ attempt: 1, outcome: null, ended_at: null });
    expect(running.attempts[0]!.provider_call_id).toMatch(/^CAsandbox/);
    await round(); // nothing more while the call runs
    const calls = await callsTo(org.orgId, event.recipient_phone);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toBe('Your appointment is tomorrow at 10.');
    expect(calls[0]!.payload).toMatchObject({ outcome: 'answered' });

    clock.advance(3000);
    await round();
    const done = await eventOf(org, event.scheduled_id);
    expect(done.status).toBe('completed');
    expect(done.attempts).toHaveLength(1);
    expect(done.attempts[0]).toMatchObject({ outcome: 'answered', duration_s: 3 });
    expect(done.attempts[0]!.ended_at).toBe(clock.now().toISOString());
    // The answered call is in the call log, with the agent and the purpose.
    const conversationId = done.attempts[0]!.conversation_id!;
    const [conversation] = await server.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation).toMatchObject({
      agentName: org.agentId,
      channel: 'voice',
      endUser: event.recipient_phone,
      endReason: 'answered',
    });
    expect(conversation!.metadata).toMatchObject({
      direction: 'outbound',
      purpose: 'Your appointment is tomorrow at 10.',
    });
    const call = await org.user.voice.call(conversationId);
    expect(call.conversation_id).toBe(conversationId);
    expect(await callsTo(org.orgId, event.recipient_phone)).toHaveLength(1);
  });

  it('given no-answer each time › retried after 2 and 5 minutes, then failed with no retries left', async () => {
    clock.set(start);
    const { org, phone } = await orgWhoseCallsEnd('no-answer');
    const event = await schedule(org, {
      recipient_phone: phone,
      max_retries: 2,
      flexible_time_minutes: 30,
    });
    await dialAndEndAfter(minute);
    let e = await eventOf(org, event.scheduled_id);
    expect(e.status).toBe('scheduled');
    expect(e.status_reason).toBe('No answer: retry 1 of 2');
    expect(e.next_attempt_at).toBe(new Date(clock.now().getTime() + 2 * minute).toISOString());
    clock.advance(2 * minute - 1000);
    await round();
    expect(await callsTo(org.orgId, phone)).toHaveLength(1);
    await dialAndEndAfter(1000);
    e = await eventOf(org, event.scheduled_id);
    expect(e.status_reason).toBe('No answer: retry 2 of 2');
    expect(e.next_attempt_at).toBe(new Date(clock.now().getTime() + 5 * minute).toISOString());
    await dialAndEndAfter(5 * minute);
    e = await eventOf(org, event.scheduled_id);
    expect(e.status).toBe('failed');
    expect(e.status_reason).toBe('No answer after 3 attempts: no retries left');
    expect(e.attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [3, 'no-answer'],
      [2, 'no-answer'],
      [1, 'no-answer'],
    ]);
    expect(await callsTo(org.orgId, phone)).toHaveLength(3);
  });

  it('given busy and a flexible window of 0 › no retry after the scheduled time: failed', async () => {
    clock.set(start);
    const { org, phone } = await orgWhoseCallsEnd('busy');
    const event = await schedule(org, { recipient_phone: phone, flexible_time_minutes: 0 });
    await dialAndEndAfter(minute);
    const e = await eventOf(org, event.scheduled_id);
    expect(e).toMatchObject({
      status: 'failed',
      status_reason: 'Busy: the flexible window ends before another attempt',
    });
    expect(e.attempts).toHaveLength(1);
  });

  it('given a retry that would fall outside the calling window › waits for the window inside the flexible window', async () => {
    // 20:57 in California: the retry (2 min later) is still open; 3 min later the window closes at 21:00.
    const late = new Date('2030-03-06T04:56:00Z');
    clock.set(late);
    const { org, phone } = await orgWhoseCallsEnd('no-answer');
    const event = await schedule(org, { recipient_phone: phone, flexible_time_minutes: 60 });
    await dialAndEndAfter(minute); // dialled at 20:57; retry 1 due 20:59:03
    // Retry 2 would be 21:04:06: the window is closed until 08:00, after the flexible window.
    await dialAndEndAfter(2 * minute);
    const e = await eventOf(org, event.scheduled_id);
    expect(e.status).toBe('failed');
    expect(e.status_reason).toBe(
      'No answer: the calling window is closed until the flexible window ends',
    );
    expect(e.attempts).toHaveLength(2);
  });

  it('given voicemail › the message is left after the beep and the event completes, recorded as voicemail', async () => {
    clock.set(start);
    const { org, phone } = await orgWhoseCallsEnd('voicemail');
    const event = await schedule(org, {
      recipient_phone: phone,
      message_template: 'Please call us back.',
    });
    await dialAndEndAfter(minute);
    const e = await eventOf(org, event.scheduled_id);
    expect(e).toMatchObject({
      status: 'completed',
      status_reason: 'Voicemail: the message was left',
    });
    expect(e.attempts[0]).toMatchObject({ outcome: 'voicemail' });
    const [call] = await callsTo(org.orgId, phone);
    expect(call!.payload).toMatchObject({
      outcome: 'voicemail',
      voicemail: 'Please call us back.',
    });
  });

  it('given failed at the provider › five provider failures of the last ten pause dialling until Resume', async () => {
    clock.set(start);
    const { org, phone } = await orgWhoseCallsEnd('failed');
    const events: ScheduledEvent[] = [];
    for (let i = 0; i < 5; i++)
      events.push(
        await schedule(org, { recipient_phone: phone, flexible_time_minutes: 0, max_retries: 1 }),
      );
    await dialAndEndAfter(minute);
    for (const ev of events)
      expect((await eventOf(org, ev.scheduled_id)).attempts[0]).toMatchObject({
        outcome: 'failed',
      });
    const page = await org.user.voice.scheduledPage(org.orgId);
    expect(page.dialing_paused?.reason).toBe(
      '5 of the last 5 calls failed at the telephony provider',
    );

    // While paused nothing is dialled.
    const ok = newPhone();
    const waiting = await schedule(org, { recipient_phone: ok, flexible_time_minutes: 30 });
    clock.advance(minute);
    await round();
    expect(await callsTo(org.orgId, ok)).toHaveLength(0);
    expect((await eventOf(org, waiting.scheduled_id)).status).toBe('scheduled');

    const resumed = await org.user.voice.resumeDialing(org.orgId);
    expect(resumed.dialing_paused).toBeNull();
    await round();
    expect(await callsTo(org.orgId, ok)).toHaveLength(1);
  });

  it('given a due event never dialled in its window › expired', async () => {
    clock.set(start);
    const org = await newOrg();
    const event = await schedule(org, { flexible_time_minutes: 5 });
    clock.advance(8 * minute);
    await round();
    const e = await eventOf(org, event.scheduled_id);
    expect(e.status).toBe('expired');
    expect(e.attempts).toEqual([]);
    expect(await callsTo(org.orgId, event.recipient_phone)).toHaveLength(0);
  });

  it('given a time outside the recipient’s calling window › waits for it when the flexible window reaches it, else expires', async () => {
    // 07:30 in California (15:30 UTC): the window opens at 08:00.
    clock.set('2030-03-05T15:28:00Z');
    const org = await newOrg();
    const waits = await schedule(org, { flexible_time_minutes: 45 });
    const expires = await schedule(org, { flexible_time_minutes: 10 });
    clock.advance(2 * minute);
    await round();
    const w = await eventOf(org, waits.scheduled_id);
    expect(w.status).toBe('scheduled');
    expect(w.status_reason).toBe(
      'Waiting for the calling window (08:00–21:00 in America/Los_Angeles)',
    );
    expect(w.next_attempt_at).toBe('2030-03-05T16:00:00.000Z');
    expect((await eventOf(org, expires.scheduled_id)).status).toBe('expired');
    clock.set('2030-03-05T16:00:00Z');
    await round();
    expect((await eventOf(org, waits.scheduled_id)).status).toBe('in_progress');

    // "00:00"–"24:00" is any time; a New York number at 03:00 local is then dialled.
    clock.set('2030-03-05T08:00:00Z');
    await org.user.voice.updateSchedulingSettings(org.orgId, {
      calling_window_start: '00:00',
      calling_window_end: '24:00',
      max_concurrent_calls: 5,
    });
    const night = await schedule(org, { recipient_phone: '+12125550142' });
    clock.advance(minute);
    await round();
    expect((await eventOf(org, night.scheduled_id)).status).toBe('in_progress');
  });

  it('given a number on the do-not-call list or one that sent STOP › never dialled, and the event says why', async () => {
    clock.set(start);
    const org = await newOrg();
    const listed = newPhone();
    const stopped = newPhone();
    await org.user.voice.addDoNotCall(org.orgId, {
      phone_number: listed,
      reason: 'asked on a call',
    });
    await server.db.insert(messagingOptOuts).values({
      organizationId: org.orgId,
      channel: 'sms',
      ourNumber: '+14155550100',
      endUser: stopped,
      keyword: 'STOP',
    });
    const a = await schedule(org, { recipient_phone: listed });
    const b = await schedule(org, { recipient_phone: stopped });
    clock.advance(minute);
    await round();
    expect(await eventOf(org, a.scheduled_id)).toMatchObject({
      status: 'failed',
      status_reason: `Not dialled: ${listed} is on the do-not-call list (asked on a call)`,
      attempts: [],
    });
    expect(await eventOf(org, b.scheduled_id)).toMatchObject({
      status: 'failed',
      status_reason: `Not dialled: ${stopped} opted out by sending STOP`,
    });
    expect(await callsTo(org.orgId, listed)).toHaveLength(0);
    expect(await callsTo(org.orgId, stopped)).toHaveLength(0);
  });

  it('given a number listed or scheduled in another spelling (+4407911… = +447911…) › matched on its normalised E.164 form', async () => {
    clock.set(start);
    const org = await newOrg();
    // 18:00 UTC is 18:00 in London: inside the default calling window.
    const listed = await org.user.voice.addDoNotCall(org.orgId, {
      phone_number: '+4407911123456',
      reason: 'asked by letter',
    });
    expect(listed.numbers).toMatchObject([{ phone_number: '+447911123456' }]);
    // Listed again in the other spelling: still one entry.
    await org.user.voice.addDoNotCall(org.orgId, { phone_number: '+447911123456' });
    expect(await org.user.voice.doNotCall(org.orgId)).toHaveLength(1);
    // A listing written before the list was normalised keeps its spelling, and still matches.
    await server.db
      .insert(doNotCall)
      .values({ organizationId: org.orgId, phoneNumber: '+4407700900123', reason: 'older' });
    const asWritten = await schedule(org, { recipient_phone: '+4407911123456' });
    const normalised = await schedule(org, { recipient_phone: '+447911123456' });
    const older = await schedule(org, { recipient_phone: '+447700900123' });
    clock.advance(minute);
    await round();
    for (const [event, phone, reason] of [
      [asWritten, '+4407911123456', 'asked by letter'],
      [normalised, '+447911123456', 'asked by letter'],
      [older, '+447700900123', 'older'],
    ] as const) {
      expect(await eventOf(org, event.scheduled_id)).toMatchObject({
        status: 'failed',
        status_reason: `Not dialled: ${phone} is on the do-not-call list (${reason})`,
        attempts: [],
      });
      expect(await callsTo(org.orgId, phone)).toHaveLength(0);
    }
    // Taken off the list in the spelling it was typed in.
    const removed = await org.user.raw(
      'DELETE',
      `/voice/scheduled/organization/${org.orgId}/do-not-call/${encodeURIComponent('+4407911123456')}`,
    );
    expect(removed.status).toBe(200);
    await org.user.voice.removeDoNotCall(org.orgId, '+447700900123');
    expect(await org.user.voice.doNotCall(org.orgId)).toEqual([]);
    // A person who asks on a call, calling from the normalised number: their event written the
    // other way is cancelled too.
    const waiting = await schedule(org, {
      recipient_phone: '+4407911123456',
      scheduled_time: inMinutes(30),
    });
    const asked = await recordDoNotContact(server.db, {
      organizationId: org.orgId,
      phone: '+447911123456',
      now: clock.now(),
    });
    expect(asked).toEqual({ added: true, cancelledEventIds: [waiting.scheduled_id] });
  });

  it('given a person who asks on a call not to be called again › listed once, their waiting events cancelled, never dialled again', async () => {
    clock.set(start);
    const org = await newOrg();
    const asker = newPhone();
    const other = newPhone();
    const first = await schedule(org, { recipient_phone: asker });
    const second = await schedule(org, { recipient_phone: asker, scheduled_time: inMinutes(30) });
    const untouched = await schedule(org, { recipient_phone: other });
    const asked = await recordDoNotContact(server.db, {
      organizationId: org.orgId,
      phone: asker,
      conversationId: 'conv-1',
      now: clock.now(),
    });
    expect(asked.added).toBe(true);
    expect(asked.cancelledEventIds.sort()).toEqual(
      [first.scheduled_id, second.scheduled_id].sort(),
    );
    expect(await eventOf(org, first.scheduled_id)).toMatchObject({
      status: 'cancelled',
      status_reason: `Cancelled: ${asker} asked not to be called again`,
    });
    expect(await org.user.voice.doNotCall(org.orgId)).toMatchObject([
      { phone_number: asker, reason: 'Asked not to be called again (call conv-1)' },
    ]);
    // Asking twice changes nothing more.
    expect(
      await recordDoNotContact(server.db, { organizationId: org.orgId, phone: asker }),
    ).toEqual({ added: false, cancelledEventIds: [] });
    // A later schedule to that number is refused at the dial, saying why; the other is dialled.
    const later = await schedule(org, { recipient_phone: asker });
    clock.advance(minute);
    await round();
    expect(await eventOf(org, later.scheduled_id)).toMatchObject({
      status: 'failed',
      status_reason: `Not dialled: ${asker} is on the do-not-call list (Asked not to be called again (call conv-1))`,
    });
    expect(await callsTo(org.orgId, asker)).toHaveLength(0);
    expect((await eventOf(org, untouched.scheduled_id)).status).toBe('in_progress');
    expect(await callsTo(org.orgId, other)).toHaveLength(1);
  });

  it('given the cap on simultaneous calls › no more calls run at once; the rest follow as calls end', async () => {
    clock.set(start);
    const org = await newOrg();
    await org.user.voice.updateSchedulingSettings(org.orgId, {
      calling_window_start: '08:00',
      calling_window_end: '21:00',
      max_concurrent_calls: 2,
    });
    const events: ScheduledEvent[] = [];
    for (let i = 0; i < 5; i++) events.push(await schedule(org));
    clock.advance(minute);
    await round();
    const statuses = async () =>
      Promise.all(events.map(async (e) => (await eventOf(org, e.scheduled_id)).status));
    expect((await statuses()).filter((s) => s === 'in_progress')).toHaveLength(2);
    clock.advance(3000);
    await round();
    let s = await statuses();
    expect(s.filter((x) => x === 'completed')).toHaveLength(2);
    expect(s.filter((x) => x === 'in_progress')).toHaveLength(2);
    await dialAndEndAfter(3000);
    s = await statuses();
    expect(s.every((x) => x === 'completed')).toBe(true);
  });
});

describe('settings (owner or admin)', () => {
  it('given the owner › reads the defaults and saves; a member reads them but gets 403 naming the role; bad values 400', async () => {
    const org = await newOrg();
    expect(await org.user.voice.schedulingSettings(org.orgId)).toEqual({
      calling_window_start: '08:00',
      calling_window_end: '21:00',
      max_concurrent_calls: 5,
      dialing_paused: null,
    });
    const bad = await org.user.raw('PUT', `/voice/scheduled/organization/${org.orgId}/settings`, {
      calling_window_start: '25:00',
      calling_window_end: '21:00',
      max_concurrent_calls: 5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^calling_window_start: /);
    const never = await org.user.raw('PUT', `/voice/scheduled/organization/${org.orgId}/settings`, {
      calling_window_start: '09:00',
      calling_window_end: '09:00',
      max_concurrent_calls: 5,
    });
    expect(never.status).toBe(400);
    expect(never.body.error).toMatch(/^calling_window_end: /);
    const member = server.newUser();
    await member.signUp('Mem', 'Ber');
    await org.user.org.addUser({ orgId: org.orgId, userId: member.userId, role: 'member' });
    const denied = await member.raw('PUT', `/voice/scheduled/organization/${org.orgId}/settings`, {
      calling_window_start: '09:00',
      calling_window_end: '17:00',
      max_concurrent_calls: 1,
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      error: 'Only an owner or admin can change dialling settings',
      required_roles: ['owner', 'admin'],
    });
    // The Outbound tab shows a member the settings (read-only).
    expect(await member.voice.schedulingSettings(org.orgId)).toMatchObject({
      calling_window_start: '08:00',
    });
    const resume = await member.raw('POST', `/voice/scheduled/organization/${org.orgId}/resume`);
    expect(resume.status).toBe(403);
    expect(resume.body.error).toBe('Only an owner or admin can resume dialling');

    // The do-not-call list: anyone adds; removing is the owner's or an admin's; STOP opt-outs
    // are listed beside it.
    const phone = newPhone();
    await member.voice.addDoNotCall(org.orgId, { phone_number: phone, reason: 'asked' });
    await server.db.insert(messagingOptOuts).values({
      organizationId: org.orgId,
      channel: 'sms',
      ourNumber: '+14155550100',
      endUser: '+14155559999',
      keyword: 'STOP',
    });
    const page = await member.voice.doNotCallPage(org.orgId);
    expect(page.numbers).toMatchObject([{ phone_number: phone, reason: 'asked' }]);
    expect(page.opt_outs).toMatchObject([
      { phone_number: '+14155559999', keyword: 'STOP', channel: 'sms', our_number: '+14155550100' },
    ]);
    const removeDenied = await member.raw(
      'DELETE',
      `/voice/scheduled/organization/${org.orgId}/do-not-call/${encodeURIComponent(phone)}`,
    );
    expect(removeDenied.status).toBe(403);
    expect(removeDenied.body.error).toBe(
      'Only an owner or admin can remove numbers from the do-not-call list',
    );
    expect(await org.user.voice.removeDoNotCall(org.orgId, phone)).toMatchObject({ numbers: [] });
    // A member still schedules and lists.
    expect(await member.voice.listScheduled(org.orgId)).toEqual([]);
    const stranger = await newOrg('Elsewhere');
    const other = await stranger.user.raw(
      'GET',
      `/voice/scheduled/organization/${org.orgId}/settings`,
    );
    expect(other.status).toBe(404);
  });
});

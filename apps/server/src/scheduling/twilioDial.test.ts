import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScheduledEvent } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { voiceAgent } from '../../test/agentFixtures';
import { fakeTwilioAccount, twilioCallsEnv, twilioNumber } from '../../test/twilioFixtures';
import { setTwilioHttpClient } from '../telephony/twilio';
import { pickCallToken, verifyCallToken } from '@parley/api-client/call-token';
import { ManualClock } from './clock';
import { runOnce } from './scheduler';

const twilioAccount = fakeTwilioAccount(`AC${'2'.repeat(32)}`, '0123456789abcdef0123456789abcd02', [
  twilioNumber('11', '+14155550170', 'Outbound line', { voice: true, sms: true }),
]);
const { accountSid, authToken, account, fake, publicUrl } = twilioAccount;
const clock = new ManualClock('2030-03-05T18:00:00Z');

let server: TestServer;
let user: TestUser;
let orgId: string;
let agentId: string;

beforeAll(async () => {
  setTwilioHttpClient(fake.client);
  server = await startTestServer({
    env: twilioCallsEnv,
    scheduler: { clock, manual: true, instanceId: 'twilio-test' },
  });
  user = server.newUser();
  orgId = await user.withOrg('Twilio Dialer');
  agentId = await voiceAgent(user, orgId, 'dialer');
  await twilioAccount.connect(user, orgId);
  await user.voice.syncAllProviders({ organization_id: orgId });
});
afterAll(async () => {
  setTwilioHttpClient(undefined);
  await server?.close();
});

const round = () => runOnce(server.scheduler.deps);

async function postForm(path: string, params: Record<string, string>, token = authToken) {
  const res = await twilioAccount.post(server.url, path, params, { token });
  return { status: res.status, text: await res.text() };
}

async function eventOf(id: string): Promise<ScheduledEvent> {
  return (await user.voice.listScheduled(orgId)).find((e) => e.scheduled_id === id)!;
}

async function dialledEvent(recipient: string, patch: Record<string, unknown> = {}) {
  const event = await user.voice.createScheduled({
    organization_id: orgId,
    agent_id: agentId,
    recipient_phone: recipient,
    scheduled_time: new Date(clock.now().getTime() + 60_000).toISOString(),
    flexible_time_minutes: 30,
    max_retries: 2,
    message_template: 'Reminder: your order ships today.',
    ...patch,
  });
  clock.advance(60_000);
  const before = fake.calls.length;
  await round();
  const created = fake.calls.slice(before).filter((c) => /\/Calls\.json$/.test(c.uri));
  const running = await eventOf(event.scheduled_id);
  return { event, running, created, callSid: running.attempts[0]?.provider_call_id ?? '' };
}

describe('dialling through Twilio (its REST wire format, signed webhooks)', () => {
  it('given a due event › calls.create with async AMD and callbacks; answered by a machine › the message after the beep, completed as voicemail', async () => {
    const { event, running, created, callSid } = await dialledEvent('+12125550180');
    expect(created).toHaveLength(1);
    const base = `${publicUrl}/webhooks/twilio/outbound/${event.scheduled_id}`;
    expect(created[0]!.data).toMatchObject({
      To: '+12125550180',
      From: '+14155550170',
      Url: `${base}/answer`,
      StatusCallback: `${base}/status`,
      MachineDetection: 'DetectMessageEnd',
      AsyncAmd: 'true',
      AsyncAmdStatusCallback: `${base}/amd`,
    });
    expect(running.status).toBe('in_progress');
    expect(callSid).toMatch(/^CA/);

    const call = {
      AccountSid: accountSid,
      CallSid: callSid,
      From: '+14155550170',
      To: '+12125550180',
    };
    const path = `/webhooks/twilio/outbound/${event.scheduled_id}`;
    // Unsigned (or signed with another token) → 403, nothing read.
    expect((await postForm(`${path}/answer`, call, 'wrong-token')).status).toBe(403);

    const answer = await postForm(`${path}/answer`, { ...call, CallStatus: 'in-progress' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<Stream url="wss://voice.example.com/phone/stream">');
    expect(answer.text).toContain(`<Parameter name="agent_id" value="${agentId}"/>`);
    expect(answer.text).toContain(
      '<Parameter name="purpose" value="Reminder: your order ships today."/>',
    );
    // The stream's parameters are a call token signed for this call (the worker checks it).
    const parameters = Object.fromEntries(
      [...answer.text.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    const checked = verifyCallToken('worker-secret', pickCallToken(parameters));
    expect(checked.ok).toBe(true);
    const linked = await eventOf(event.scheduled_id);
    expect(linked.attempts[0]!.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    if (checked.ok) {
      expect(checked.claims).toMatchObject({
        agent_id: agentId,
        call_sid: callSid,
        call_id: linked.attempts[0]!.conversation_id,
        to: '+12125550180',
      });
    }

    const before = fake.calls.length;
    expect(
      (await postForm(`${path}/amd`, { ...call, AnsweredBy: 'machine_end_beep' })).status,
    ).toBe(204);
    const update = fake.calls.slice(before).find((c) => c.uri.endsWith(`/Calls/${callSid}.json`));
    expect(String(update?.data?.Twiml)).toContain('<Say>Reminder: your order ships today.</Say>');

    clock.advance(20_000);
    expect(
      (await postForm(`${path}/status`, { ...call, CallStatus: 'completed', CallDuration: '17' }))
        .status,
    ).toBe(204);
    const done = await eventOf(event.scheduled_id);
    expect(done.status).toBe('completed');
    expect(done.attempts[0]).toMatchObject({ outcome: 'voicemail', duration_s: 17 });
    // A second delivery of the same status changes nothing.
    await postForm(`${path}/status`, { ...call, CallStatus: 'completed', CallDuration: '17' });
    expect((await eventOf(event.scheduled_id)).attempts).toHaveLength(1);
  });

  it('given busy › retried after 2 minutes; answered by a person › completed', async () => {
    const { event, callSid } = await dialledEvent('+12125550181');
    const path = `/webhooks/twilio/outbound/${event.scheduled_id}`;
    const call = {
      AccountSid: accountSid,
      CallSid: callSid,
      From: '+14155550170',
      To: '+12125550181',
    };
    await postForm(`${path}/status`, { ...call, CallStatus: 'busy', CallDuration: '0' });
    let e = await eventOf(event.scheduled_id);
    expect(e).toMatchObject({ status: 'scheduled', status_reason: 'Busy: retry 1 of 2' });
    clock.advance(2 * 60_000);
    await round();
    e = await eventOf(event.scheduled_id);
    expect(e.status).toBe('in_progress');
    const second = e.attempts[0]!.provider_call_id!;
    expect(second).not.toBe(callSid);
    const call2 = { ...call, CallSid: second };
    await postForm(`${path}/amd`, { ...call2, AnsweredBy: 'human' });
    await postForm(`${path}/status`, { ...call2, CallStatus: 'completed', CallDuration: '42' });
    e = await eventOf(event.scheduled_id);
    expect(e.status).toBe('completed');
    expect(e.attempts.map((a) => a.outcome)).toEqual(['answered', 'busy']);
    // A late callback of the first call's sid changes nothing.
    await postForm(`${path}/status`, { ...call, CallStatus: 'failed' });
    expect((await eventOf(event.scheduled_id)).attempts.map((a) => a.outcome)).toEqual([
      'answered',
      'busy',
    ]);
  });

  it('given Twilio refusing the call › the attempt failed with the provider’s message, retried', async () => {
    account.failCalls = 1;
    const { event } = await dialledEvent('+12125550182');
    const e = await eventOf(event.scheduled_id);
    expect(e.status).toBe('scheduled');
    expect(e.attempts[0]).toMatchObject({
      outcome: 'failed',
      error: 'Account not authorized to call this number',
    });
  });
});

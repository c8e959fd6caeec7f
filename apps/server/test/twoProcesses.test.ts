import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { createMailClient, newAgentId, toolsDefaults } from '@parley/api-client';
import {
  mailOutbox,
  mailSends,
  messageReplies,
  scheduledEvents,
  telephonyOutbox,
} from '../src/db/schema';
import { claimMailSend, mailSendLeaseMs } from '../src/messaging/mail/worker';
import { PostgresRateLimitStore } from '../src/lib/rateLimitStore';
import { freshPostgresUrl, startTestServer, type TestServer, type TestUser } from './harness';

/**
 * Many server processes on one PostgreSQL (issue 32): two servers, A and B, share one database,
 * each with its own background work running (reply worker, scheduler, ingestion) as in
 * production, and requests alternate between them. Limits hold as for one process, a change
 * made on one is seen by the other, and work queued on either is done exactly once.
 * On PGlite (one process by design) the shared rate-limit store itself is checked.
 */
const onPostgres = process.env.PARLEY_TEST_DB === 'postgres';

const env = {
  PARLEY_AUTH_RATE_LIMIT_PER_ACCOUNT: '5',
  PARLEY_RATE_LIMIT_PER_IP: '3',
  PARLEY_RATE_LIMIT_PER_KEY: '1000',
  PARLEY_REPLY_POLL_MS: '50',
  PARLEY_REPLY_RETRY_SECONDS: '0',
  PARLEY_SANDBOX_CALL_MS: '200',
};

let a: TestServer;
let b: TestServer | null = null;
let shared: string | undefined;
beforeAll(async () => {
  shared = await freshPostgresUrl();
  if (!shared) {
    a = await startTestServer({ env, scheduler: { pollMs: 100 } });
    return;
  }
  // Both start at once on the empty database, as a deployment's processes do: one migrates, the
  // other waits for it (an advisory lock), and neither fails.
  const [first, second] = await Promise.all(
    [0, 1].map(() => startTestServer({ env, databaseUrl: shared, scheduler: { pollMs: 100 } })),
  );
  a = first!;
  b = second!;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  if (shared) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(shared).pathname.slice(1)}`);
    await admin.end();
  }
});

/** A user of server `s` who shares `owner`'s session (the same cookies). */
function as(owner: TestUser, s: TestServer): TestUser {
  const user = s.newUser();
  for (const [k, v] of owner.cookies) user.cookies.set(k, v);
  return user;
}

describe('the rate-limit store in the database', () => {
  it('counts a window across stores (processes), takes back a hit, and starts a new window when it ends', async () => {
    const key = `k-${Math.random().toString(36).slice(2)}`;
    const one = new PostgresRateLimitStore(a.db, 'test');
    const two = new PostgresRateLimitStore((b ?? a).db, 'test');
    const other = new PostgresRateLimitStore(a.db, 'other');
    for (const s of [one, two, other]) s.init({ windowMs: 60_000 });
    expect((await one.increment(key)).totalHits).toBe(1);
    expect((await two.increment(key)).totalHits).toBe(2);
    const third = await one.increment(key);
    expect(third.totalHits).toBe(3);
    expect(third.resetTime.getTime()).toBeGreaterThan(Date.now());
    // Another limit's counts are its own.
    expect((await other.increment(key)).totalHits).toBe(1);
    await two.decrement(key);
    expect((await one.get(key))?.totalHits).toBe(2);
    // A window that ended starts again at 1.
    const short = new PostgresRateLimitStore(a.db, 'short');
    short.init({ windowMs: 1 });
    await short.increment(key);
    await expect
      .poll(async () => (await short.increment(key)).totalHits, { timeout: 5000 })
      .toBe(1);
    await one.resetKey(key);
    expect(await one.get(key)).toBeUndefined();
  });
});

describe.runIf(onPostgres)('two servers on one PostgreSQL', () => {
  it('failed sign-ins spread over both: the 6th for the account is 429 with Retry-After, on either', async () => {
    const owner = await a.newUser().signUp();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 7; i++) {
      const s = i % 2 === 0 ? a : b!;
      const res = await fetch(`${s.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: s.url },
        body: JSON.stringify({ email: owner.email, password: `wrong-${i}` }),
      });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('public runtime requests spread over both: the per-visitor limit holds as for one process; an agent change on A is seen by B', async () => {
    const u = a.newUser();
    const org = await u.withOrg('Two Processes');
    const id = newAgentId('two');
    const app = await u.apps.createAgent({ agentName: id, organizationId: org });
    await u.agents.update(id, { organization_id: org, status: 'active' });
    const ask = (s: TestServer) =>
      fetch(`${s.url}/v1/chat-messages`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${app.data!.appKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ query: 'Hi', response_mode: 'blocking', user: 'two' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask(i % 2 === 0 ? a : b!)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);

    // B reads (and caches) the organization's agents, A changes one: B's next read has the change.
    const onB = as(u, b!);
    const promptOnB = async () => {
      const res = await onB.raw('GET', `/api/agents/by-org/${org}`);
      const list = res.body.agents as Array<{ agent_name: string; system_prompt: string }>;
      return list.find((x) => x.agent_name === id)?.system_prompt;
    };
    expect(await promptOnB()).not.toBe('Changed on A.');
    await u.agents.update(id, { organization_id: org, system_prompt: 'Changed on A.' });
    // The NOTIFY reaches B within milliseconds (polled: a loaded CI machine is slower).
    await expect.poll(promptOnB, { timeout: 5000, interval: 20 }).toBe('Changed on A.');
  });

  it('a publish and a restore on A are served by B at once (its agent-key cache drops the agent)', async () => {
    const u = a.newUser();
    const org = await u.withOrg('Two Processes Versions');
    const id = newAgentId('twover');
    const app = await u.apps.createAgent({ agentName: id, organizationId: org });
    const key = app.data!.appKey;
    await u.agents.update(id, { organization_id: org, initial_message: 'One', status: 'active' });
    const publish = () =>
      u.raw('POST', '/api/publish-agent', { chatbot_api_key: key, app_id: app.data!.appId });
    expect((await publish()).body.version).toBe(1);
    const greetingOnB = async () => {
      const res = await fetch(`${b!.url}/v1/parameters`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      return ((await res.json()) as { opening_statement: string }).opening_statement;
    };
    // B serves (and caches) version 1; the draft changes on A: B still serves version 1.
    expect(await greetingOnB()).toBe('One');
    await u.agents.update(id, { organization_id: org, initial_message: 'Two' });
    expect(await greetingOnB()).toBe('One');
    expect((await publish()).body.version).toBe(2);
    // The NOTIFY reaches B within milliseconds (polled: a loaded CI machine is slower).
    await expect.poll(greetingOnB, { timeout: 5000, interval: 20 }).toBe('Two');
    const restored = await u.raw('POST', `/api/agents/${id}/versions/1/restore`);
    expect(restored.body).toEqual({ success: true, version: 3, restored_from: 1 });
    await expect.poll(greetingOnB, { timeout: 5000, interval: 20 }).toBe('One');
  });

  it('inbound SMS queued on either server: each answered exactly once', async () => {
    const u = a.newUser();
    const org = await u.withOrg('Two Processes SMS');
    const agent = newAgentId('sms2');
    await u.agents.update(agent, { organization_id: org, ...toolsDefaults, status: 'active' });
    await u.voice.syncAllProviders({ organization_id: org });
    const number = (await u.voice.phoneNumberPage(org)).phone_numbers.find((n) => n.sms_enabled)!;
    await u.voice.assign(number.phone_id, agent, ['sms']);
    const onB = as(u, b!);
    const senders = Array.from({ length: 6 }, (_, i) => `+1500555${String(7100 + i)}`);
    const conversationIds = await Promise.all(
      senders.map(async (from, i) => {
        const who = i % 2 === 0 ? u : onB;
        const answer = await who.voice.simulateEvent(org, {
          event: 'sms',
          to: number.phone_number,
          from,
          text: `Hello ${i}`,
        });
        return answer.conversation_id!;
      }),
    );
    const replies = () =>
      a.db
        .select({ status: messageReplies.status, conversationId: messageReplies.conversationId })
        .from(messageReplies)
        .where(eq(messageReplies.organizationId, org));
    await expect
      .poll(async () => (await replies()).filter((r) => r.status === 'sent').length, {
        timeout: 15_000,
      })
      .toBe(senders.length);
    expect(new Set((await replies()).map((r) => r.conversationId))).toEqual(
      new Set(conversationIds),
    );
    const sent = await a.db
      .select({ to: telephonyOutbox.toNumber })
      .from(telephonyOutbox)
      .where(and(eq(telephonyOutbox.organizationId, org), eq(telephonyOutbox.kind, 'sms')));
    expect(sent.map((s) => s.to).sort()).toEqual([...senders].sort());
  });

  it('a due scheduled call, with both schedulers running: dialled exactly once', async () => {
    const u = a.newUser();
    const org = await u.withOrg('Two Processes Calls');
    const agent = newAgentId('call2');
    await u.agents.update(agent, { organization_id: org, ...toolsDefaults, status: 'active' });
    // Any hour: the test must not depend on the time of day in the recipient's zone.
    const settings = await u.raw('PUT', `/voice/scheduled/organization/${org}/settings`, {
      calling_window_start: '00:00',
      calling_window_end: '24:00',
      max_concurrent_calls: 5,
    });
    expect(settings.status).toBe(200);
    const recipients = ['+14155557201', '+14155557202', '+14155557203'];
    const ids = await Promise.all(
      recipients.map(async (recipient_phone, i) => {
        const who = i % 2 === 0 ? u : as(u, b!);
        const event = await who.voice.createScheduled({
          organization_id: org,
          agent_id: agent,
          call_type: 'outbound_call',
          recipient_phone,
          scheduled_time: new Date(Date.now() + 1500).toISOString(),
          flexible_time_minutes: 10,
          max_retries: 1,
          message_template: 'A reminder from two processes.',
        });
        return event.scheduled_id;
      }),
    );
    const events = () =>
      a.db
        .select({ id: scheduledEvents.id, status: scheduledEvents.status })
        .from(scheduledEvents)
        .where(eq(scheduledEvents.organizationId, org));
    await expect
      .poll(async () => (await events()).filter((e) => e.status === 'completed').length, {
        timeout: 20_000,
      })
      .toBe(ids.length);
    const [event] = await a.db
      .select({ attempts: scheduledEvents.attempts })
      .from(scheduledEvents)
      .where(eq(scheduledEvents.id, ids[0]!));
    expect(event!.attempts).toHaveLength(1);
    const calls = await a.db
      .select({ to: telephonyOutbox.toNumber })
      .from(telephonyOutbox)
      .where(and(eq(telephonyOutbox.organizationId, org), eq(telephonyOutbox.kind, 'call')));
    expect(calls.map((c) => c.to).sort()).toEqual(recipients);
  });

  it('an email campaign started on A, with both mail workers running: each recipient sent exactly once', async () => {
    const u = a.newUser();
    const org = await u.withOrg('Two Processes Campaign');
    const mail = createMailClient({ baseUrl: '/messaging', fetch: u.fetch });
    // No SMTP settings: the mailbox sends into the sandbox outbox, where each copy is counted.
    const from = 'news@two-processes.test';
    await mail.saveMailbox(from, { display_name: 'Two' });
    const recipients = Array.from({ length: 20 }, (_, i) => `r${i}@example.com`);
    const created = await mail.createCampaign({
      name: 'Both workers',
      from_email: from,
      subject: 'News',
      body: 'Hello {{email}}',
      recipients: recipients.map((email) => ({ email, fields: {} })),
      rate_per_minute: 600,
    });
    const id = created.campaign.id;
    const onB = createMailClient({ baseUrl: '/messaging', fetch: as(u, b!).fetch });
    await expect
      .poll(async () => (await onB.campaign(id)).campaign.status, { timeout: 30_000 })
      .toBe('completed');
    expect((await mail.campaign(id)).campaign.progress).toMatchObject({ sent: 20, failed: 0 });
    const copies = await a.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, org));
    expect(copies.map((c) => c.to).sort()).toEqual([...recipients].sort());
  });

  it("a campaign mail claimed by a process that died is taken up by the other after the claim's lease", async () => {
    const u = a.newUser();
    await u.withOrg('Two Processes Lease');
    const mail = createMailClient({ baseUrl: '/messaging', fetch: u.fetch });
    const from = 'later@two-processes.test';
    await mail.saveMailbox(from, {});
    // Starts in an hour: the running workers leave it alone; the claims below name their time.
    const start = new Date(Date.now() + 3_600_000);
    await mail.createCampaign({
      name: 'Lease',
      from_email: from,
      subject: 'Later',
      body: 'Hello',
      recipients: [{ email: 'first@example.com' }, { email: 'second@example.com' }],
      rate_per_minute: 1,
      start_at: start.toISOString(),
    });
    const at = (ms: number) => new Date(start.getTime() + ms);
    const onA = await claimMailSend(a.db, at(0));
    expect(onA?.toAddress).toBe('first@example.com');
    // A "dies" holding it. Inside the lease B skips it; the next mail is not due yet.
    expect(await claimMailSend(b!.db, at(30_000))).toBeNull();
    const taken = await claimMailSend(b!.db, at(mailSendLeaseMs + 1000));
    expect(taken).toMatchObject({ id: onA!.id, status: 'sending', attempts: 2 });
    const [row] = await a.db.select().from(mailSends).where(eq(mailSends.id, onA!.id));
    expect(row!.lockedAt).toEqual(at(mailSendLeaseMs + 1000));
  });
});

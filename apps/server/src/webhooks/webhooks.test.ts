import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  createChatRuntime,
  createConversationsClient,
  createWebhooksClient,
  toolsDefaults,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookWithSecretSchema,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { chatAgent } from '../../test/agentFixtures';
import { startReceiver, type Receiver } from '../../test/webhookReceiver';
import { webhooks } from '../db/schema';
import { endIdleConversations } from '../conversations/lifecycle';
import { emitEvent } from '../events/emit';
import { notifyDisabled } from './disable';

/**
 * Webhooks end to end on one server (PGlite, and PostgreSQL in server-pg): real HTTP to a
 * receiver on loopback (PARLEY_WEBHOOK_ALLOW_HOSTS=127.0.0.1), signatures checked with the
 * `standardwebhooks` package, the conversation lifecycle's events, retries, replay, disabling,
 * and tenant isolation.
 */

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let orgId: string;
let strangerOrg: string;
let agentId: string;
let appKey: string;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer({
    env: { PARLEY_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', PARLEY_WEBHOOK_RETRY_SECONDS: '0,0' },
  });
  receiver = await startReceiver();
  owner = server.newUser();
  orgId = await owner.withOrg('Hooks Org');
  member = await server.newUser().signUp();
  await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
  ({ id: agentId, appKey } = await chatAgent(owner, orgId, 'hooks', {
    ...toolsDefaults,
    system_prompt: 'You are the front desk.',
    status: 'active',
  }));
  stranger = server.newUser();
  strangerOrg = await stranger.withOrg('Other Org');
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const hooks = (u: TestUser) => createWebhooksClient({ baseUrl: '/api/org', fetch: u.fetch });
const path = (rest = '') => `/api/org/${orgId}/webhooks${rest}`;
const chat = (user: string, query: string, conversationId?: string) =>
  createChatRuntime({ apiUrl: `${server.url}/v1`, apiKey: appKey }).send({
    user,
    query,
    conversationId,
  });

/** A webhook to `url` (the receiver by default) for `events`; returns it with its secret. */
async function newHook(events: string[], url = `${receiver.url}/hook`, extra = {}) {
  const res = await owner.raw('POST', path(), { url, events, ...extra });
  expect(res.status).toBe(201);
  return webhookWithSecretSchema.parse(res.body).webhook;
}

/** Waits for what the receiver got at `hookPath` to satisfy `ok`, returning the events. */
async function waitFor(hookPath: string, ok: (n: number) => boolean, type?: string) {
  await expect
    .poll(() => receiver.events(type).filter((e) => pathOf(e) === hookPath).length, {
      timeout: 20_000,
    })
    .toSatisfy(ok);
  return receiver.events(type).filter((e) => pathOf(e) === hookPath);
}
const pathOf = (e: { path: string }) => e.path;

describe('webhooks: the calls', () => {
  it('POST answers 201 with the whsec_ secret once; GET never shows it; bad input is 400 naming the field', async () => {
    const created = await newHook(['conversation.started'], `${receiver.url}/calls`, {
      description: 'CRM',
    });
    expect(created).toMatchObject({
      url: `${receiver.url}/calls`,
      events: ['conversation.started'],
      enabled: true,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const list = webhookListSchema.parse((await owner.raw('GET', path())).body);
    const listed = list.webhooks.find((w) => w.id === created.id)!;
    expect(listed).toMatchObject({ description: 'CRM', agent_names: null });
    expect(JSON.stringify((await owner.raw('GET', path())).body)).not.toContain(created.secret);
    expect(JSON.stringify((await owner.raw('GET', path(`/${created.id}`))).body)).not.toContain(
      'whsec_',
    );
    // The stored secret is encrypted.
    const [row] = await server.db.select().from(webhooks).where(eq(webhooks.id, created.id));
    expect(row!.secret).not.toContain(created.secret);

    for (const [body, field] of [
      [{ url: `${receiver.url}/x`, events: ['conversation.nope'] }, 'events.0'],
      [{ url: `${receiver.url}/x`, events: [] }, 'events'],
      [{ url: 'ftp://example.com/x', events: ['*'] }, 'url'],
      [{ url: `${receiver.url}/x`, events: ['*'], agent_names: ['no-such-agent'] }, 'agent_names'],
      [{ events: ['*'] }, 'url'],
    ] as const) {
      const res = await owner.raw('POST', path(), body);
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(String(res.body.error)).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
    const before = (await owner.raw('GET', path())).body;
    // Nothing was written by the refused ones.
    expect(webhookListSchema.parse(before).webhooks).toHaveLength(list.webhooks.length);
  });

  it('a URL that is not public is refused on save, and at connect time when it changes meanwhile', async () => {
    for (const url of [
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest',
      'http://localhost:9/x',
      'http://[::1]/x',
    ]) {
      const res = await owner.raw('POST', path(), { url, events: ['*'] });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(String(res.body.error)).toMatch(/^url: .*public address|^url: /);
    }
    // A webhook whose stored URL points inside (written around the API): its delivery fails
    // at connect time, saying why, and nothing is sent there.
    const hook = await newHook(['*'], `${receiver.url}/inside`);
    await server.db
      .update(webhooks)
      .set({ url: 'http://10.255.255.1/' })
      .where(eq(webhooks.id, hook.id));
    const test = await hooks(owner).test(orgId, hook.id);
    await expect
      .poll(async () => (await hooks(owner).deliveries(orgId, hook.id)).deliveries[0]!.attempts, {
        timeout: 20_000,
      })
      .toBe(3);
    const [d] = (await hooks(owner).deliveries(orgId, hook.id)).deliveries;
    expect(d).toMatchObject({ id: test.delivery.id, status: 'failed', last_status_code: null });
    expect(d!.last_error).toMatch(/not a public address/);
    await hooks(owner).remove(orgId, hook.id);
  });

  it('members see webhooks and deliveries but cannot change them (403 naming the roles); other organizations get 404', async () => {
    const hook = await newHook(['*'], `${receiver.url}/roles`);
    expect((await member.raw('GET', path())).status).toBe(200);
    expect((await member.raw('GET', path(`/${hook.id}/deliveries`))).status).toBe(200);
    for (const [method, p, body] of [
      ['POST', path(), { url: `${receiver.url}/m`, events: ['*'] }],
      ['PUT', path(`/${hook.id}`), { enabled: false }],
      ['DELETE', path(`/${hook.id}`), undefined],
      ['POST', path(`/${hook.id}/test`), {}],
      ['POST', path(`/${hook.id}/rotate-secret`), {}],
    ] as const) {
      const res = await member.raw(method, p, body);
      expect({ p, status: res.status, body: res.body }).toMatchObject({
        p,
        status: 403,
        body: {
          error: 'Only an owner or admin can manage webhooks',
          required_roles: ['owner', 'admin'],
        },
      });
    }
    // Tenant isolation: the stranger's own organization id with our webhook's id, or ours.
    const test = await hooks(owner).test(orgId, hook.id);
    for (const p of [
      `/api/org/${strangerOrg}/webhooks/${hook.id}`,
      `/api/org/${strangerOrg}/webhooks/${hook.id}/deliveries`,
      `/api/org/${orgId}/webhooks`,
      `/api/org/${orgId}/webhooks/${hook.id}/deliveries`,
    ])
      expect({ p, status: (await stranger.raw('GET', p)).status }).toEqual({ p, status: 404 });
    const replay = await stranger.raw(
      'POST',
      `/api/org/${strangerOrg}/webhooks/${hook.id}/deliveries/${test.delivery.id}/replay`,
      {},
    );
    expect(replay.status).toBe(404);
    expect(
      webhookListSchema.parse((await stranger.raw('GET', `/api/org/${strangerOrg}/webhooks`)).body)
        .webhooks,
    ).toEqual([]);
  });
});

describe('events, signed and delivered', () => {
  it('a test event is signed per Standard Webhooks (verified with the package) and shows in the delivery log', async () => {
    const hook = await newHook(['conversation.started'], `${receiver.url}/signed`);
    const { delivery } = await hooks(owner).test(orgId, hook.id);
    expect(delivery).toMatchObject({ event: 'webhook.test', status: 'pending' });
    const [got] = await waitFor('/signed', (n) => n >= 1);
    const verified = new Webhook(hook.secret).verify(got!.body, got!.headers) as { type: string };
    expect(verified.type).toBe('webhook.test');
    expect(got!.headers['webhook-id']).toBe(delivery.event_id);
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    // Another secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
        got!.body,
        got!.headers,
      ),
    ).toThrow();
    await expect
      .poll(async () => (await hooks(owner).deliveries(orgId, hook.id)).deliveries[0]?.status, {
        timeout: 10_000,
      })
      .toBe('delivered');
    const log = webhookDeliveryListSchema.parse(
      (await owner.raw('GET', path(`/${hook.id}/deliveries`))).body,
    );
    expect(log.deliveries[0]).toMatchObject({
      event_id: delivery.event_id,
      event: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      last_response: 'ok',
      next_attempt_at: null,
    });
  });

  it('a chat: conversation.started once; closed → conversation.ended; a later message → conversation.reopened; idle → ended again', async () => {
    const hook = await newHook(
      ['conversation.started', 'conversation.ended', 'conversation.reopened'],
      `${receiver.url}/life`,
      { agent_names: [agentId] },
    );
    const first = await chat('visitor-life', 'Hello there');
    await chat('visitor-life', 'Second question', first.conversation_id);
    const [started] = await waitFor('/life', (n) => n >= 1, 'conversation.started');
    expect(started!.payload.data).toMatchObject({
      conversation_id: first.conversation_id,
      agent_name: agentId,
      channel: 'chat',
      contact: 'visitor-life',
    });
    expect(new Webhook(hook.secret).verify(started!.body, started!.headers)).toBeTruthy();
    // A member closes it.
    const inbox = createConversationsClient({ baseUrl: '/api', fetch: member.fetch });
    const closed = await inbox.close(first.conversation_id);
    expect(closed.conversation).toMatchObject({ status: 'ended', ended_by: 'member' });
    const [ended] = await waitFor('/life', (n) => n >= 1, 'conversation.ended');
    expect(ended!.payload.data).toMatchObject({
      conversation_id: first.conversation_id,
      ended_by: 'member',
      end_reason: 'closed',
    });
    // A later message reopens it: conversation.reopened, no second conversation.started.
    await chat('visitor-life', 'One more thing', first.conversation_id);
    await waitFor('/life', (n) => n >= 1, 'conversation.reopened');
    expect((await inbox.get(first.conversation_id)).status).toBe('open');
    // Quiet past the idle time (the clock 31 minutes on): ended by 'idle'.
    const ended2 = await endIdleConversations(server.db, {
      idleSeconds: 1800,
      now: new Date(Date.now() + 31 * 60_000),
    });
    expect(ended2).toBeGreaterThanOrEqual(1);
    const endings = await waitFor('/life', (n) => n >= 2, 'conversation.ended');
    expect(endings[1]!.payload.data).toMatchObject({
      conversation_id: first.conversation_id,
      ended_by: 'idle',
    });
    // In order, each once.
    const types = receiver
      .events()
      .filter(
        (e) => pathOf(e) === '/life' && e.payload.data.conversation_id === first.conversation_id,
      )
      .map((e) => e.payload.type);
    expect(types).toEqual([
      'conversation.started',
      'conversation.ended',
      'conversation.reopened',
      'conversation.ended',
    ]);
    // A closed call is refused: a call ends when it hangs up.
    const other = await chat('visitor-life-2', 'Hi');
    expect(
      (await member.raw('POST', `/api/conversations/${other.conversation_id}/close`, {})).status,
    ).toBe(200);
    expect(
      (await stranger.raw('POST', `/api/conversations/${other.conversation_id}/close`, {})).status,
    ).toBe(404);
  });

  it('retries carry the same webhook-id; after the last the delivery is failed, and a replay sends the same id again', async () => {
    let calls = 0;
    receiver.respondWith((r) =>
      pathOf(r) === '/flaky' && ++calls <= 3
        ? { status: 503, body: 'busy'.repeat(400) }
        : { status: 200 },
    );
    const hook = await newHook(['agent.published'], `${receiver.url}/flaky`);
    await server.db.transaction(async (tx) => {
      await emitEvent(tx, {
        type: 'agent.published',
        organizationId: orgId,
        data: { agent_name: agentId, version: 3 },
      });
    });
    const attempts = await waitFor('/flaky', (n) => n >= 3);
    expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    for (const a of attempts)
      expect(new Webhook(hook.secret).verify(a.body, a.headers)).toBeTruthy();
    await expect
      .poll(async () => (await hooks(owner).deliveries(orgId, hook.id)).deliveries[0]?.status, {
        timeout: 10_000,
      })
      .toBe('failed');
    const [failed] = (await hooks(owner).deliveries(orgId, hook.id)).deliveries;
    expect(failed).toMatchObject({ attempts: 3, last_status_code: 503, next_attempt_at: null });
    expect(failed!.last_error).toBe('The endpoint answered HTTP 503');
    expect(failed!.last_response!.length).toBeLessThanOrEqual(1024);
    // Replay: a new delivery of the same event, with the same id.
    const replay = await hooks(owner).replay(orgId, hook.id, failed!.id);
    expect(replay.delivery.event_id).toBe(failed!.event_id);
    const all = await waitFor('/flaky', (n) => n >= 4);
    expect(all[3]!.headers['webhook-id']).toBe(attempts[0]!.headers['webhook-id']);
    await expect
      .poll(
        async () => (await hooks(owner).deliveries(orgId, hook.id)).deliveries.map((d) => d.status),
        { timeout: 10_000 },
      )
      .toEqual(['delivered', 'failed']);
    // A pending delivery is not replayed twice at once; an unknown one is 404.
    expect(
      (
        await owner.raw(
          'POST',
          path(`/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/replay`),
          {},
        )
      ).status,
    ).toBe(404);
    receiver.respondWith(() => ({ status: 200 }));
  });

  it('an endpoint failing every delivery for 5 days is disabled, and says why; turned back on, it delivers', async () => {
    receiver.respondWith((r) => (pathOf(r) === '/down' ? { status: 500 } : { status: 200 }));
    const hook = await newHook(['*'], `${receiver.url}/down`);
    await server.db
      .update(webhooks)
      .set({ failingSince: sql`now() - interval '5 days 1 hour'` })
      .where(eq(webhooks.id, hook.id));
    await hooks(owner).test(orgId, hook.id);
    await expect
      .poll(
        async () =>
          (await hooks(owner).list(orgId)).webhooks.find((w) => w.id === hook.id)?.enabled,
        { timeout: 20_000 },
      )
      .toBe(false);
    const off = (await hooks(owner).list(orgId)).webhooks.find((w) => w.id === hook.id)!;
    expect(off.disabled_reason).toMatch(/^Every delivery failed for 5 days/);
    // Disabled: no test, no replay (409), no new events.
    expect((await owner.raw('POST', path(`/${hook.id}/test`), {})).status).toBe(409);
    receiver.respondWith(() => ({ status: 200 }));
    const on = await hooks(owner).update(orgId, hook.id, { enabled: true });
    expect(on.webhook).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await hooks(owner).test(orgId, hook.id);
    await expect
      .poll(async () => (await hooks(owner).deliveries(orgId, hook.id)).deliveries[0]?.status, {
        timeout: 10_000,
      })
      .toBe('delivered');
  });

  it('a disabled webhook is e-mailed to the owners and admins (with a mailer), not to members', async () => {
    const admin = await server.newUser().signUp('Grace', 'Hopper');
    await owner.org.addUser({ orgId, userId: admin.userId, role: 'admin' });
    const sent: Array<{ to: string; subject: string; text: string }> = [];
    const warned: unknown[] = [];
    const tell = notifyDisabled({
      db: server.db,
      logger: { warn: (o: unknown) => warned.push(o), error: () => {} },
      mailer: { send: async (mail) => void sent.push(mail) },
      publicUrl: 'https://parley.example',
    });
    await tell({
      id: 'w1',
      organizationId: orgId,
      url: 'https://crm.example/x',
      reason: 'Every delivery failed for 5 days (last: HTTP 500)',
    });
    expect(sent.map((m) => m.to).sort()).toEqual([admin.email, owner.email].sort());
    expect(sent[0]!.subject).toBe('A webhook of Hooks Org was disabled');
    expect(sent[0]!.text).toContain('https://parley.example/account#webhooks');
    expect(sent[0]!.text).toContain('Every delivery failed for 5 days (last: HTTP 500)');
    expect(warned).toHaveLength(1);
    // Without a mailer: the log (and the console) only.
    await notifyDisabled({
      db: server.db,
      logger: { warn: () => {}, error: () => {} },
      mailer: null,
      publicUrl: null,
    })({
      id: 'w1',
      organizationId: orgId,
      url: 'x',
      reason: 'y',
    });
    expect(sent).toHaveLength(2);
  });

  it('rotating the secret shows the new one once; for a day both sign', async () => {
    const hook = await newHook(['*'], `${receiver.url}/rotate`);
    const rotated = await hooks(owner).rotateSecret(orgId, hook.id);
    expect(rotated.webhook.secret).not.toBe(hook.secret);
    await hooks(owner).test(orgId, hook.id);
    const [got] = await waitFor('/rotate', (n) => n >= 1);
    expect(got!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.webhook.secret).verify(got!.body, got!.headers)).toBeTruthy();
    expect(new Webhook(hook.secret).verify(got!.body, got!.headers)).toBeTruthy();
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  auditLogSchema,
  newAgentId,
  purgeListSchema,
  purgeResponseSchema,
  type PurgeCounts,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { rowsOf } from '../db/rows';
import { privacyPurges } from '../db/schema';

// Retention (docs/privacy.md): POST …/privacy/purge (dry run and real), the retention job on the
// job runner, a purge taken over after its process died, and — on PostgreSQL — two server
// processes sharing the database running an organization's retention once. PGlite and PostgreSQL.

const onPostgres = process.env.PARLEY_TEST_DB === 'postgres';
const env = { PARLEY_RETENTION_POLL_MS: '100' };

let a: TestServer;
/** A second server process on the same PostgreSQL (on PGlite: the same server). */
let b: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let orgId: string;
let agentName: string;

beforeAll(async () => {
  a = await startTestServer({ env });
  b = onPostgres ? await startTestServer({ env, databaseUrl: a.databaseUrl }) : a;
  owner = a.newUser();
  orgId = await owner.withOrg('Retention Org');
  member = a.newUser();
  await member.signUp();
  await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
  stranger = a.newUser();
  await stranger.withOrg('Elsewhere');
  agentName = newAgentId('kept');
  await owner.apps.createAgent({ agentName, organizationId: orgId });
  // The agent's row (test runs name it) is made by its first settings save.
  await owner.agents.update(agentName, { organization_id: orgId, system_prompt: 'Be brief.' });
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
});

const daysAgo = (n: number) => sql`now() - make_interval(days => ${n})`;

/**
 * An organization's data, old (100 days) and recent: a chat and a call without activity since
 * (purged whole), an SMS thread with old messages and a recent one (kept, its old messages go),
 * a recent chat, a finished test run, a sent mail, outbox entries and a finished scheduled call
 * (old and recent of each). Returns what a purge of "older than 30 days" removes.
 */
async function seed(org: string, agent: string): Promise<PurgeCounts> {
  const db = a.db;
  const conv = async (channel: string, age: number, updated: number) =>
    String(
      rowsOf(
        await db.execute(sql`INSERT INTO conversations (organization_id, channel, end_user, created_at, updated_at)
          VALUES (${org}, ${channel}, '+14155550100', ${daysAgo(age)}, ${daysAgo(updated)}) RETURNING id`),
      )[0]!.id,
    );
  const msg = (conversation: string, age: number, content: string) =>
    db.execute(sql`INSERT INTO messages (conversation_id, role, content, created_at)
      VALUES (${conversation}::uuid, 'user', ${content}, ${daysAgo(age)})`);
  const oldChat = await conv('chat', 100, 100);
  for (const i of [1, 2, 3]) await msg(oldChat, 100, `old chat ${i}`);
  // Its outcome goes with it.
  await db.execute(sql`INSERT INTO conversation_analyses (conversation_id, organization_id, status)
    VALUES (${oldChat}::uuid, ${org}, 'done')`);
  const oldCall = await conv('voice', 90, 90);
  await msg(oldCall, 90, 'old call 1');
  await msg(oldCall, 90, 'old call 2');
  const thread = await conv('sms', 100, 1);
  await msg(thread, 100, 'old sms 1');
  await msg(thread, 95, 'old sms 2');
  await msg(thread, 1, 'recent sms');
  const recent = await conv('chat', 2, 2);
  await msg(recent, 2, 'recent chat');
  for (const age of [100, 1])
    await db.execute(sql`INSERT INTO agent_test_runs (organization_id, agent_name, status, test_ids, total, created_at)
      VALUES (${org}, ${agent}, 'passed', '[]'::jsonb, 0, ${daysAgo(age)})`);
  const [mailbox] = rowsOf(
    await db.execute(sql`INSERT INTO mailboxes (organization_id, email_address, inbound_token)
      VALUES (${org}, ${`desk-${org.slice(0, 8)}@example.com`}, ${`t-${org}`}) RETURNING id`),
  );
  for (const age of [100, 1])
    await db.execute(sql`INSERT INTO mail_sends (organization_id, mailbox_id, to_address, body, status, created_at)
      VALUES (${org}, ${String(mailbox!.id)}::uuid, 'jane@example.com', 'Hello Jane', 'sent', ${daysAgo(age)})`);
  for (const age of [100, 1]) {
    await db.execute(sql`INSERT INTO telephony_outbox (organization_id, kind, from_number, to_number, body, provider_message_id, created_at)
      VALUES (${org}, 'sms', '+14155550199', '+14155550100', 'Hi', ${`SM${org}${age}`}, ${daysAgo(age)})`);
    await db.execute(sql`INSERT INTO scheduled_events (organization_id, agent_name, recipient_phone, scheduled_time, next_attempt_at, status, created_at)
      VALUES (${org}, ${agent}, '+14155550100', ${daysAgo(age)}, ${daysAgo(age)}, 'completed', ${daysAgo(age)})`);
  }
  return {
    conversations: 2,
    calls: 1,
    messages: 7,
    outcomes: 1,
    test_runs: 1,
    mail_sends: 1,
    outbox: 1,
    scheduled_calls: 1,
  };
}

async function remaining(org: string) {
  const [row] = rowsOf(
    await a.db.execute(sql`SELECT
      (SELECT count(*) FROM conversations WHERE organization_id = ${org})::int AS conversations,
      (SELECT count(*) FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE c.organization_id = ${org})::int AS messages,
      (SELECT string_agg(m.content, ',' ORDER BY m.content) FROM messages m
        JOIN conversations c ON c.id = m.conversation_id WHERE c.organization_id = ${org}) AS texts,
      (SELECT count(*) FROM agent_test_runs WHERE organization_id = ${org})::int AS test_runs,
      (SELECT count(*) FROM mail_sends WHERE organization_id = ${org})::int AS mail_sends,
      (SELECT count(*) FROM telephony_outbox WHERE organization_id = ${org})::int AS outbox,
      (SELECT count(*) FROM scheduled_events WHERE organization_id = ${org})::int AS scheduled_calls`),
  );
  return row!;
}

const purgePath = (org = orgId) => `/api/org/${org}/privacy/purge`;
const auditActions = async (org = orgId) => {
  const res = await owner.raw('GET', `/api/org/${org}/audit-log?action=privacy`);
  return auditLogSchema.parse(res.body).entries;
};

describe('POST …/privacy/purge', () => {
  it('refuses members (403), strangers (404) and bad input (400 naming older_than); nothing removed', async () => {
    const org = await owner.org.createOrg('Refusals').then((r) => r.data.orgId);
    await seed(org, agentName);
    const before = await remaining(org);
    expect((await member.raw('POST', purgePath(), { older_than: 30 })).status).toBe(403);
    expect((await stranger.raw('POST', purgePath(org), { older_than: 30 })).status).toBe(404);
    for (const body of [
      {},
      { older_than: 'last year' },
      { older_than: -1 },
      { older_than: 1.5 },
      { older_than: '2999-01-01' },
      { older_than: 30, dry_run: 'yes' },
    ]) {
      const res = await owner.raw('POST', purgePath(org), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.error), JSON.stringify(body)).toMatch(/^(older_than|dry_run)/);
    }
    expect(await remaining(org)).toEqual(before);
  });

  it('a dry run answers what would be removed, by kind, and removes nothing; the real one removes exactly that', async () => {
    const org = await owner.org.createOrg('Purged').then((r) => r.data.orgId);
    const expected = await seed(org, agentName);
    const before = await remaining(org);
    // Another organization's old data, untouched by this one's purge.
    const neighbour = await owner.org.createOrg('Neighbour').then((r) => r.data.orgId);
    await seed(neighbour, agentName);
    const neighbourBefore = await remaining(neighbour);
    const dry = await owner.raw('POST', purgePath(org), { older_than: 30, dry_run: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(purgeResponseSchema.parse(dry.body)).toMatchObject({
      dry_run: true,
      status: 'done',
      purge_id: null,
      removed: expected,
    });
    expect(await remaining(org)).toEqual(before);

    const res = await owner.raw('POST', purgePath(org), { older_than: 30 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = purgeResponseSchema.parse(res.body);
    expect(done).toMatchObject({ dry_run: false, status: 'done', removed: expected });
    expect(await remaining(org)).toMatchObject({
      conversations: 2,
      messages: 2,
      texts: 'recent chat,recent sms',
      test_runs: 1,
      mail_sends: 1,
      outbox: 1,
      scheduled_calls: 1,
    });
    expect(await remaining(neighbour)).toEqual(neighbourBefore);
    // Again: nothing older is left.
    const again = purgeResponseSchema.parse(
      (await owner.raw('POST', purgePath(org), { older_than: '2026-01-01T00:00:00Z' })).body,
    );
    expect(Object.values(again.removed).every((n) => n === 0)).toBe(true);
    // Audited: who, the cutoff and the counts; the audit log itself is never purged.
    const entries = await auditActions(org);
    expect(entries.map((e) => e.action)).toEqual([
      'privacy.purge',
      'privacy.purge',
      'privacy.purge_dry_run',
    ]);
    expect(entries[1]!.actor).toMatchObject({ type: 'user', id: owner.userId });
    expect(entries[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'older_than', before: null, after: done.older_than },
        { field: 'messages', before: null, after: 7 },
        { field: 'calls', before: null, after: 1 },
      ]),
    );
    const verify = await owner.raw('GET', `/api/org/${org}/audit-log/verify`);
    expect(verify.body).toMatchObject({ ok: true, entries: 3 });
    const list = purgeListSchema.parse(
      (await member.raw('GET', `/api/org/${orgId}/privacy/purges`)).body,
    );
    expect(list.purges.every((p) => p.trigger === 'request' || p.trigger === 'retention')).toBe(
      true,
    );
  });
});

describe('a purge and the analytics', () => {
  it('whole conversations purged leave the analytics as a rebuild from what is left makes them', async () => {
    const org = await owner.org.createOrg('Counted').then((r) => r.data.orgId);
    const agent = newAgentId('counted');
    await owner.apps.createAgent({ agentName: agent, organizationId: org });
    await owner.agents.update(agent, { organization_id: org, system_prompt: 'Be brief.' });
    for (const age of [100, 99, 1]) {
      const [c] = rowsOf(
        await a.db
          .execute(sql`INSERT INTO conversations (organization_id, agent_name, channel, end_user, created_at, updated_at)
          VALUES (${org}, ${agent}, 'chat', ${`visitor-${age}`}, ${daysAgo(age)}, ${daysAgo(age)}) RETURNING id`),
      );
      await a.db.execute(sql`INSERT INTO messages (conversation_id, role, content, created_at)
        VALUES (${String(c!.id)}::uuid, 'user', 'Are you open?', ${daysAgo(age)})`);
      await a.db
        .execute(sql`INSERT INTO messages (conversation_id, role, content, metadata, created_at)
        VALUES (${String(c!.id)}::uuid, 'assistant', 'Yes, until six.', '{"llm_ttft_ms": 120}'::jsonb,
          ${daysAgo(age)} + interval '1 second')`);
    }
    // A thread that goes on: its old message is purged alone, kept in the analytics as it goes.
    const [going] = rowsOf(
      await a.db
        .execute(sql`INSERT INTO conversations (organization_id, agent_name, channel, end_user, created_at, updated_at)
        VALUES (${org}, ${agent}, 'sms', '+14155550100', ${daysAgo(100)}, ${daysAgo(1)}) RETURNING id`),
    );
    for (const age of [100, 1])
      await a.db.execute(sql`INSERT INTO messages (conversation_id, role, content, created_at)
        VALUES (${String(going!.id)}::uuid, 'user', ${`Still there? (${age})`}, ${daysAgo(age)})`);
    const figures = async () =>
      rowsOf(
        await a.db.execute(sql`SELECT
          (SELECT coalesce(sum(messages), 0) FROM analytics_hours WHERE agent_name = ${agent})::int AS hours,
          (SELECT count(*) FROM analytics_turns WHERE agent_name = ${agent})::int AS turns,
          (SELECT coalesce(sum(conversations), 0) || '/' || coalesce(sum(messages), 0) || '/' ||
            coalesce(sum(agent_answers), 0) || '/' || coalesce(sum(ending), 0)
            FROM analytics_agent_hours WHERE agent_name = ${agent}) AS agent_hours,
          (SELECT coalesce(sum(conversations), 0) FROM analytics_agent_days WHERE agent_name = ${agent})::int AS days,
          (SELECT coalesce(sum(n), 0) FROM analytics_agent_ms WHERE agent_name = ${agent})::int AS ms,
          (SELECT coalesce(sum(n), 0) FROM analytics_agent_ms_buckets WHERE agent_name = ${agent})::int AS buckets`),
      )[0];
    expect(await figures()).toMatchObject({ hours: 8, turns: 3, days: 5, ms: 3, buckets: 3 });
    const res = await owner.raw('POST', purgePath(org), { older_than: 30 });
    expect(purgeResponseSchema.parse(res.body).removed).toMatchObject({
      conversations: 2,
      messages: 5,
    });
    const after = await figures();
    expect(after).toMatchObject({ hours: 3, turns: 1, days: 2, ms: 1, buckets: 1 });
    // What a rebuild of every rollup from the rows left makes: the same.
    await a.db.execute(sql`SELECT parley_analytics_rebuild()`);
    await a.db.execute(sql`SELECT parley_analytics_rebuild_agents()`);
    expect(await figures()).toEqual(after);
  });
});

describe('the retention job', () => {
  it('purges what is older than retention_days once, on the job runner (two processes on PostgreSQL), and audits it as the system', async () => {
    const org = await owner.org.createOrg('Kept 30 days').then((r) => r.data.orgId);
    const expected = await seed(org, agentName);
    // Set on one process; the other's worker may be the one that runs it.
    const userB = b.newUser();
    for (const [k, v] of owner.cookies) userB.cookies.set(k, v);
    expect((await userB.raw('PUT', `/api/org/${org}/privacy`, { retention_days: 30 })).status).toBe(
      200,
    );
    await vi.waitUntil(
      async () => {
        const [row] = await a.db
          .select()
          .from(privacyPurges)
          .where(eq(privacyPurges.organizationId, org));
        return row?.status === 'done';
      },
      { timeout: 30_000, interval: 100 },
    );
    const purges = await a.db
      .select()
      .from(privacyPurges)
      .where(eq(privacyPurges.organizationId, org));
    // One purge, whichever process queued and ran it; each batch counted once.
    expect(purges).toHaveLength(1);
    expect(purges[0]).toMatchObject({ trigger: 'retention', status: 'done', removed: expected });
    expect(await remaining(org)).toMatchObject({ conversations: 2, messages: 2 });
    const [entry] = await auditActions(org).then((e) =>
      e.filter((x) => x.action === 'privacy.purge'),
    );
    expect(entry?.actor).toEqual({ type: 'system', id: 'retention', email: null });
    // The next round (within the interval) queues nothing more.
    await new Promise((r) => setTimeout(r, 300));
    expect(
      await a.db.select().from(privacyPurges).where(eq(privacyPurges.organizationId, org)),
    ).toHaveLength(1);
  });

  it('a purge whose process died (lease lapsed) is taken over and finished, counting what was removed before once', async () => {
    const org = await owner.org.createOrg('Crashed').then((r) => r.data.orgId);
    const expected = await seed(org, agentName);
    // Its first process removed 5 messages, recorded them, and died mid-purge.
    const [row] = await a.db
      .insert(privacyPurges)
      .values({
        organizationId: org,
        trigger: 'request',
        cutoff: new Date(Date.now() - 30 * 86_400_000),
        status: 'running',
        attempts: 1,
        lockedAt: new Date(Date.now() - 10 * 60_000),
        removed: { messages: 5 },
      })
      .returning();
    await vi.waitUntil(
      async () => {
        const [now] = await a.db.select().from(privacyPurges).where(eq(privacyPurges.id, row!.id));
        return now?.status === 'done';
      },
      { timeout: 30_000, interval: 100 },
    );
    const [finished] = await a.db.select().from(privacyPurges).where(eq(privacyPurges.id, row!.id));
    expect(finished).toMatchObject({
      attempts: 2,
      removed: { ...expected, messages: expected.messages + 5 },
    });
    expect(await remaining(org)).toMatchObject({ conversations: 2, messages: 2 });
  });
});

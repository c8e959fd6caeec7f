import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { type TestServer } from '../../test/harness';
import { orgWithVoiceAgent } from '../../test/agentFixtures';
import { callingHoursStart as start, startSchedulingServer } from '../../test/schedulingFixtures';
import { openDatabase, type Database } from '../db/client';
import { scheduledEvents, telephonyOutbox } from '../db/schema';
import { createSecretBox } from '../lib/secrets';
import { ManualClock } from './clock';
import { claimDue, runOnce, schedulerDeps, type SchedulerDeps } from './scheduler';

const clock = new ManualClock(start);

let server: TestServer;
/** A second connection pool on the same PostgreSQL (another process's view); on PGlite the same database. */
let second: Database | null = null;
let a: SchedulerDeps;
let b: SchedulerDeps;
let bulk: Awaited<ReturnType<typeof orgWithAgent>>;
let crashed: Awaited<ReturnType<typeof orgWithAgent>>;

beforeAll(async () => {
  // 100 calls due at once: above the default sending limit for calls (60 a minute), raised here.
  const limits = { PARLEY_SEND_LIMIT_PER_MINUTE: '1000' };
  server = await startSchedulingServer({ clock, instanceId: 'server' }, limits);
  if (server.databaseUrl) second = await openDatabase({ url: server.databaseUrl });
  const base = {
    secrets: createSecretBox('test-secret-test-secret-test-secret-0123'),
    env: limits,
    logger: pino({ level: 'silent' }),
  };
  a = schedulerDeps(
    { ...base, db: server.db },
    { clock, instanceId: 'a', batch: 10, leaseMs: 30_000 },
  );
  b = schedulerDeps(
    { ...base, db: second?.db ?? server.db },
    { clock, instanceId: 'b', batch: 10, leaseMs: 30_000 },
  );
  // Both organizations before the tests: a long test leaves no idle HTTP connection to reuse.
  bulk = await orgWithAgent();
  crashed = await orgWithAgent();
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

async function orgWithAgent() {
  const { user, orgId, agentId } = await orgWithVoiceAgent(server, 'Bulk Org', 'bulk');
  await user.voice.updateSchedulingSettings(orgId, {
    calling_window_start: '00:00',
    calling_window_end: '24:00',
    max_concurrent_calls: 100,
  });
  return { user, orgId, agentId };
}

async function insertDue(orgId: string, agentId: string, n: number, prefix: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    organizationId: orgId,
    agentName: agentId,
    recipientPhone: `+1212${prefix}${String(i).padStart(4, '0')}`,
    scheduledTime: clock.now(),
    flexibleTimeMinutes: 10,
    maxRetries: 3,
    nextAttemptAt: clock.now(),
  }));
  return (await server.db.insert(scheduledEvents).values(rows).returning()).map((r) => r.id);
}

describe('two scheduler instances on one database', () => {
  it('given 100 due events › each is dialled exactly once', async () => {
    clock.set(start);
    const { orgId, agentId } = bulk;
    const ids = await insertDue(orgId, agentId, 100, '555');
    const [dialledA, dialledB] = await Promise.all([runOnce(a), runOnce(b)]);
    expect(dialledA + dialledB).toBe(100);
    // Both took part where they could run side by side (PostgreSQL; PGlite serializes them).
    if (second) expect(Math.min(dialledA, dialledB)).toBeGreaterThan(0);
    const calls = await server.db
      .select({ to: telephonyOutbox.toNumber, n: sql<number>`count(*)::int` })
      .from(telephonyOutbox)
      .where(and(eq(telephonyOutbox.organizationId, orgId), eq(telephonyOutbox.kind, 'call')))
      .groupBy(telephonyOutbox.toNumber);
    expect(calls).toHaveLength(100);
    expect(calls.every((c) => c.n === 1)).toBe(true);
    const events = await server.db
      .select()
      .from(scheduledEvents)
      .where(inArray(scheduledEvents.id, ids));
    expect(events.every((e) => e.status === 'in_progress' && e.attempts.length === 1)).toBe(true);
    // Another round of each dials nothing more.
    expect((await Promise.all([runOnce(a), runOnce(b)])).reduce((x, y) => x + y)).toBe(0);
  });

  it('given a claim whose process died › taken up after its lease, and dialled once', async () => {
    clock.set(start);
    const { orgId, agentId } = crashed;
    const [id] = await insertDue(orgId, agentId, 1, '777');
    // Instance a claims and "dies" before dialling.
    expect(await claimDue(a)).toEqual([id]);
    expect(await runOnce(b)).toBe(0);
    clock.advance(29_000);
    expect(await runOnce(b)).toBe(0);
    clock.advance(2_000);
    expect(await runOnce(b)).toBe(1);
    const [event] = await server.db
      .select()
      .from(scheduledEvents)
      .where(eq(scheduledEvents.id, id!));
    expect(event!.attempts).toHaveLength(1);
    expect(event!.status).toBe('in_progress');
    const calls = await server.db
      .select()
      .from(telephonyOutbox)
      .where(and(eq(telephonyOutbox.organizationId, orgId), eq(telephonyOutbox.kind, 'call')));
    expect(calls).toHaveLength(1);
  });
});

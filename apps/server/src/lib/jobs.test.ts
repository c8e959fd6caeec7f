import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { dropFreshDatabase, freshPostgresUrl } from '../../test/harness';
import { pgliteTemplate } from '../../test/pgliteTemplate';
import { openDatabase, type Database, type Db } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  backoffMs,
  drain,
  listenForJobs,
  startWorker,
  type Queue,
  type Worker,
  type WorkerOptions,
} from './jobs';
import { claimRows, renewLeases, timeOf, Turns, type JobTable } from './jobTable';

/**
 * The job runner on its own table (the same kind of rows every feature keeps): on PGlite, and
 * with PARLEY_TEST_DB=postgres on a PostgreSQL server with two connection pools (two processes).
 */
const testJobs = pgTable('test_jobs', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  org: text('org').notNull(),
  label: text('label').notNull().default(''),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
});

const leaseMs = 60_000;
const table: JobTable<typeof testJobs> = {
  table: testJobs,
  id: testJobs.id,
  owner: testJobs.org,
  order: testJobs.createdAt,
  ready: () => sql`${testJobs.status} = 'pending'`,
  claimed: sql`${testJobs.status} = 'running'`,
  lease: { column: testJobs.lockedAt, holds: 'start', ms: leaseMs },
};
type Job = typeof testJobs.$inferSelect;

let database: Database;
/** Another process's connection pool on the same PostgreSQL; on PGlite the same database. */
let other: Database | null = null;
let url: string | undefined;
const quiet = { error: () => {} };

beforeAll(async () => {
  url = await freshPostgresUrl();
  database = await openDatabase({ url, template: url ? undefined : await pgliteTemplate() });
  if (url) other = await openDatabase({ url });
  await database.db.execute(sql`CREATE TABLE test_jobs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(), org text NOT NULL, label text NOT NULL DEFAULT '',
    status text NOT NULL DEFAULT 'pending', attempts integer NOT NULL DEFAULT 0,
    locked_at timestamptz, created_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
  await database.db.execute(
    sql`CREATE TABLE test_job_runs (n serial, job_id uuid NOT NULL, runner text)`,
  );
  // New rows announce themselves as the product's queues do (drizzle/0033_job_notify.sql).
  await database.db.execute(sql`CREATE TRIGGER test_jobs_notify AFTER INSERT ON test_jobs
    FOR EACH STATEMENT EXECUTE FUNCTION parley_jobs_notify()`);
});
afterEach(async () => {
  await database.db.execute(sql`DELETE FROM test_jobs`);
  await database.db.execute(sql`DELETE FROM test_job_runs`);
});
afterAll(async () => {
  await other?.close();
  await database?.close();
  await dropFreshDatabase(url);
});

const second = () => other?.db ?? database.db;

async function insert(db: Db, org: string, n: number, label = org) {
  for (let i = 0; i < n; i++) await db.insert(testJobs).values({ org, label: `${label}${i + 1}` });
}

/** The table's queue: claims `room` at a time; each run recorded, then the job done. */
function queueOn(
  db: Db,
  runner: string,
  options: { concurrency?: number; before?: (job: Job) => Promise<void> } = {},
): Queue<Job> {
  const turns = new Turns();
  return {
    name: 'test_jobs',
    claim: (room) =>
      claimRows(db, table, {
        limit: room,
        turns,
        set: { status: 'running', attempts: sql`${testJobs.attempts} + 1` },
      }),
    run: async (job) => {
      await options.before?.(job);
      await db.execute(
        sql`INSERT INTO test_job_runs (job_id, runner) VALUES (${job.id}, ${runner})`,
      );
      await db.update(testJobs).set({ status: 'done' }).where(eq(testJobs.id, job.id));
    },
    concurrency: options.concurrency ?? 1,
  };
}

const runsInOrder = async () =>
  rowsOf(
    await database.db.execute(sql`
      SELECT j.label, r.runner FROM test_job_runs r JOIN test_jobs j ON j.id = r.job_id
      ORDER BY r.n`),
  );

describe('backoff', () => {
  it('doubles from the base up to the cap, or grows by the base; jitter stays within its share', () => {
    const none = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, { baseMs: 100, jitter: 0.2 }, none))).toEqual([
      100, 200, 400, 800,
    ]);
    expect(backoffMs(10, { baseMs: 1000, maxMs: 30_000 }, none)).toBe(30_000);
    expect(backoffMs(3, { baseMs: 15_000, growth: 'linear', jitter: 0 })).toBe(45_000);
    expect(backoffMs(2, { baseMs: 1000, jitter: 0.2 }, () => 0)).toBe(1600);
    expect(backoffMs(2, { baseMs: 1000, jitter: 0.2 }, () => 0.999999)).toBe(2400);
    expect(backoffMs(1, { baseMs: 0 })).toBe(0);
  });

  it('a failing claim waits its backoff (with jitter) before the next, then the worker claims again', async () => {
    // Real timers: fake ones are global, and this worker's other files (isolate is off) would
    // have their own timers fired early. The waits are short; only their lower bounds are checked.
    const claimedAt: number[] = [];
    const worker = startWorker(
      {
        name: 'flaky',
        claim: async () => {
          claimedAt.push(performance.now());
          if (claimedAt.length <= 2) throw new Error('the database is away');
          return [];
        },
        run: async () => {},
      },
      {
        logger: quiet,
        pollMs: 3_600_000,
        backoff: { baseMs: 100, jitter: 0.2 },
        random: () => 0,
      },
    );
    try {
      worker.wake();
      await vi.waitUntil(() => claimedAt.length === 1, { interval: 1 });
      // Woken during the backoff: no claim until it has passed (100 ms − 20 %).
      worker.wake();
      await new Promise((r) => setTimeout(r, 20));
      expect(claimedAt).toHaveLength(1);
      await vi.waitUntil(() => claimedAt.length === 2, { timeout: 5000, interval: 1 });
      expect(claimedAt[1]! - claimedAt[0]!).toBeGreaterThanOrEqual(79);
      // The second failure in a row waits twice as long.
      await vi.waitUntil(() => claimedAt.length === 3, { timeout: 5000, interval: 1 });
      expect(claimedAt[2]! - claimedAt[1]!).toBeGreaterThanOrEqual(159);
      // Claiming works again: a wake claims at once.
      worker.wake();
      await vi.waitUntil(() => claimedAt.length === 4, { timeout: 5000, interval: 1 });
    } finally {
      await worker.stop();
    }
  });
});

describe('claims on a table', () => {
  it('takes the organizations in turns: one organization’s long queue does not hold back another’s job', async () => {
    await insert(database.db, 'a', 5);
    await insert(database.db, 'b', 2);
    await insert(database.db, 'c', 1);
    expect(await drain(queueOn(database.db, 'one'), { logger: quiet })).toBe(8);
    expect((await runsInOrder()).map((r) => r.label)).toEqual([
      'a1',
      'b1',
      'c1',
      'a2',
      'b2',
      'a3',
      'a4',
      'a5',
    ]);
  });

  it('a lapsed lease is taken over by another claim; a live or renewed one never is', async () => {
    await insert(database.db, 'a', 1);
    const t0 = new Date('2030-01-01T10:00:00Z');
    const at = (ms: number) => timeOf(new Date(t0.getTime() + ms));
    const claim = (db: Db, ms: number) =>
      claimRows(db, table, {
        now: at(ms),
        limit: 1,
        set: { status: 'running', attempts: sql`${testJobs.attempts} + 1` },
      });
    const [first] = await claim(database.db, 0);
    expect(first).toMatchObject({ status: 'running', attempts: 1 });
    // Its process "dies". Inside the lease no other claim takes it.
    expect(await claim(second(), leaseMs - 1000)).toEqual([]);
    const [taken] = await claim(second(), leaseMs + 1000);
    expect(taken).toMatchObject({ id: first!.id, attempts: 2 });
    // The new holder renews its lease half-way: past the first lease's length it is still held.
    await renewLeases(database.db, table, [first!.id], at(leaseMs + 1000 + leaseMs / 2));
    expect(await claim(database.db, 2 * leaseMs + 2000)).toEqual([]);
    expect(await claim(database.db, 2 * leaseMs + 1000 + leaseMs / 2 + 1000)).toHaveLength(1);
  });

  it('two runners on one database never run a job twice, each at most its concurrency at once', async () => {
    await insert(database.db, 'a', 30);
    await insert(database.db, 'b', 15);
    await insert(database.db, 'c', 15);
    let open = 0;
    let most = 0;
    const slow = async () => {
      open++;
      most = Math.max(most, open);
      await new Promise((r) => setTimeout(r, 5));
      open--;
    };
    const options: WorkerOptions = { logger: quiet, pollMs: 50 };
    const workers = [
      startWorker(queueOn(database.db, 'A', { concurrency: 3, before: slow }), options),
      startWorker(queueOn(second(), 'B', { concurrency: 3, before: slow }), options),
    ];
    try {
      for (const w of workers) w.wake();
      await expect.poll(async () => (await runsInOrder()).length, { timeout: 20_000 }).toBe(60);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const runs = await runsInOrder();
    expect(new Set(runs.map((r) => r.label)).size).toBe(60);
    expect(most).toBeLessThanOrEqual(6);
    // Both processes took part where they can run side by side (PostgreSQL).
    if (other) expect(new Set(runs.map((r) => r.runner))).toEqual(new Set(['A', 'B']));
    const [left] = rowsOf(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM test_jobs WHERE status <> 'done'`,
      ),
    );
    expect(left!.n).toBe(0);
  });

  it('a new row’s NOTIFY wakes the worker at once, from any process (the poll is an hour away)', async () => {
    const worker = startWorker(queueOn(database.db, 'listener'), {
      logger: quiet,
      pollMs: 3_600_000,
    });
    const unlisten = await listenForJobs(database.listen, [worker]);
    try {
      await insert(second(), 'a', 1, 'notified');
      await expect
        .poll(async () => (await runsInOrder()).map((r) => r.label), { timeout: 10_000 })
        .toEqual(['notified1']);
    } finally {
      await unlisten();
      await worker.stop();
    }
  });
});

describe('the worker', () => {
  /** An in-memory queue whose jobs wait for `release`. */
  function gated(jobs: string[], concurrency = 1) {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const state = { running: [] as string[], done: [] as string[], claims: 0, renewals: 0 };
    const queue: Queue<string> = {
      name: 'gated',
      claim: async (room) => {
        state.claims++;
        return jobs.splice(0, room);
      },
      run: async (job) => {
        state.running.push(job);
        await released;
        state.done.push(job);
      },
      concurrency,
      renew: {
        everyMs: 10,
        leases: async () => {
          state.renewals++;
        },
      },
    };
    return { queue, state, release };
  }

  it('stop claims no more and resolves once the running jobs have finished; their leases are renewed meanwhile', async () => {
    const jobs = ['one', 'two'];
    const { queue, state, release } = gated(jobs);
    const worker: Worker = startWorker(queue, { logger: quiet, pollMs: 3_600_000 });
    worker.wake();
    await vi.waitUntil(() => state.running.length === 1);
    await vi.waitUntil(() => state.renewals >= 2);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    worker.wake();
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(state.done).toEqual(['one']);
    expect(jobs).toEqual(['two']);
    const claims = state.claims;
    worker.wake();
    await new Promise((r) => setImmediate(r));
    expect(state.claims).toBe(claims);
  });

  it('runs at most its concurrency at once; a job’s end makes room for the next', async () => {
    const { queue, state, release } = gated(['a', 'b', 'c', 'd', 'e'], 2);
    const worker = startWorker(queue, { logger: quiet, pollMs: 3_600_000 });
    worker.wake();
    await vi.waitUntil(() => state.running.length === 2);
    await new Promise((r) => setTimeout(r, 20));
    expect(state.running).toEqual(['a', 'b']);
    release();
    await worker.idle();
    expect(state.done.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    await worker.stop();
  });

  it('wakes itself when the next job falls due before the next poll', async () => {
    let due: Date | null = new Date(Date.now() + 30);
    const ran: string[] = [];
    const worker = startWorker(
      {
        name: 'timed',
        claim: async () => {
          if (!due || due.getTime() > Date.now()) return [];
          due = null;
          return ['due'];
        },
        run: async (job) => {
          ran.push(job);
        },
        nextDueAt: async () => due,
      },
      { logger: quiet, pollMs: 60_000 },
    );
    try {
      worker.wake();
      await vi.waitUntil(() => ran.length === 1, { timeout: 5000 });
    } finally {
      await worker.stop();
    }
  });
});

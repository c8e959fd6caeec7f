// `npm run bench -- scheduler`: 1,000 scheduled calls due at once, two server processes on one
// PostgreSQL (each with its scheduler, sandbox provider): every event dialled exactly once, and
// how late each call started (first attempt's start − scheduled_time), p50 and p95. Ten
// organizations of 100 events with a cap of 100 simultaneous calls each: the cap imposes no wait
// (nor the sending limit, raised here).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import {
  agents,
  organization,
  scheduledEvents,
  schedulingSettings,
} from '../apps/server/src/db/schema';
import { createServer } from '../apps/server/src/server';
import { startRole } from './roleProcess';

const role = process.argv[2];
const events = Number(process.env.BENCH_SCHEDULER_EVENTS ?? 1000);
const orgCount = 10;
const emit = (o: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'scheduler', ...o }));

async function runServer(url: string) {
  await createServer({
    databaseUrl: url,
    dataDir: null,
    secret: 'bench-secret-bench-secret-bench-secret-01',
    logLevel: 'silent',
    env: {
      PARLEY_SCHEDULER_POLL_MS: '250',
      PARLEY_SANDBOX_CALL_MS: '1000',
      // The sending limit for calls (60 a minute per organization by default) is a cap of its
      // own, like the concurrency cap: raised so the bench measures the scheduler's own lateness.
      PARLEY_SEND_LIMIT_PER_MINUTE: '100000',
      PARLEY_SEND_LIMIT_PER_DAY: '1000000',
    },
  });
  console.log('READY ok');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const pgBase =
    process.env.BENCH_PG_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://parley:parley@localhost:5432/parley_test';
  const admin = new pg.Client({ connectionString: pgBase });
  if (
    !(await admin.connect().then(
      () => true,
      () => false,
    ))
  ) {
    emit({
      figure: 'dialled exactly once',
      value: null,
      note: `skipped: no PostgreSQL at ${new URL(pgBase).host}`,
    });
    return;
  }
  const name = `parley_bench_sched_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const { db } = database;
  const children: Array<Awaited<ReturnType<typeof startRole>>['child']> = [];
  try {
    const self = new URL(import.meta.url).pathname;
    children.push(
      ...(
        await Promise.all([
          startRole(self, 'server', [url.toString()]),
          startRole(self, 'server', [url.toString()]),
        ])
      ).map((r) => r.child),
    );
    const due = new Date(Date.now() + 3000);
    const rows = [];
    for (let o = 0; o < orgCount; o++) {
      const orgId = `bench-org-${o}-${randomUUID().slice(0, 8)}`;
      const agentName = `bench_${o}_${randomUUID()}`;
      await db.insert(organization).values({ id: orgId, name: `Bench ${o}`, slug: orgId });
      await db.insert(agents).values({ agentName, organizationId: orgId, status: 'active' });
      await db.insert(schedulingSettings).values({
        organizationId: orgId,
        callingWindowStart: '00:00',
        callingWindowEnd: '24:00',
        maxConcurrentCalls: 100,
      });
      for (let i = 0; i < events / orgCount; i++)
        rows.push({
          organizationId: orgId,
          agentName,
          recipientPhone: `+1212${String(o).padStart(2, '0')}${String(i).padStart(5, '0')}`,
          scheduledTime: due,
          flexibleTimeMinutes: 10,
          maxRetries: 1,
          nextAttemptAt: due,
        });
    }
    for (let i = 0; i < rows.length; i += 500)
      await db.insert(scheduledEvents).values(rows.slice(i, i + 500));

    const deadline = Date.now() + 180_000;
    for (;;) {
      const [left] = rowsOf(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM scheduled_events
              WHERE jsonb_array_length(attempts) = 0 OR attempts->0->>'provider_call_id' IS NULL`,
        ),
      ) as unknown as Array<{ n: number }>;
      if (!left!.n || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // A call starts when the provider is asked for it: the sandbox's outbox row (its
    // created_at is the database's clock at the dial), not when the event was claimed.
    const result = rowsOf(
      await db.execute(sql`
        SELECT jsonb_array_length(e.attempts) AS attempts,
               (extract(epoch FROM (e.attempts->0->>'started_at')::timestamptz - e.scheduled_time) * 1000)::float AS claim_ms,
               (extract(epoch FROM (SELECT min(o.created_at) FROM telephony_outbox o
                  WHERE o.kind = 'call' AND o.organization_id = e.organization_id
                    AND o.to_number = e.recipient_phone) - e.scheduled_time) * 1000)::float AS late_ms
        FROM scheduled_events e`),
    ) as unknown as Array<{ attempts: number; late_ms: number | null; claim_ms: number | null }>;
    const calls = rowsOf(
      await db.execute(sql`
        SELECT to_number, count(*)::int AS n FROM telephony_outbox WHERE kind = 'call' GROUP BY to_number`),
    ) as unknown as Array<{ to_number: string; n: number }>;
    const once = calls.filter((c) => c.n === 1).length;
    const dialled = result.filter((r) => r.attempts >= 1).length;
    const late = result
      .flatMap((r) => (r.late_ms === null ? [] : [r.late_ms]))
      .sort((x, y) => x - y);
    emit({
      figure: 'events dialled',
      value: dialled,
      unit: 'events',
      target: events,
      goal: `${events}`,
    });
    emit({
      figure: 'dialled exactly once (one outbox call per number)',
      value: once,
      unit: 'events',
      twice: calls.filter((c) => c.n > 1).length,
      goal: `${events}`,
    });
    if (late.length) {
      emit({ figure: 'start lateness, p50', value: Math.round(percentile(late, 50)), unit: 'ms' });
      emit({
        figure: 'start lateness, p95',
        value: Math.round(percentile(late, 95)),
        unit: 'ms',
        goal: '≤ 2000 (the cap imposes no wait here)',
      });
      emit({ figure: 'start lateness, max', value: Math.round(late.at(-1)!), unit: 'ms' });
      // Where it goes: how late the claim (the attempt's start), the rest is guards and the dial.
      const claims = result
        .flatMap((r) => (r.claim_ms === null ? [] : [r.claim_ms]))
        .sort((x, y) => x - y);
      if (claims.length)
        emit({
          figure: 'claim lateness, p95',
          value: Math.round(percentile(claims, 95)),
          unit: 'ms',
        });
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await database.close();
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

if (role === 'server') await runServer(process.argv[3]!);
else await main();

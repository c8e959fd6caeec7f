// Events out (issue 40, item 4): 10,000 events delivered to a local receiver by TWO server
// processes on one PostgreSQL (the job runner claims with SKIP LOCKED across processes).
// - Phase 1 (after a warm-up of 500 events, not counted): BENCH_WEBHOOKS_EVENTS (10,000) events written at BENCH_WEBHOOKS_RATE per second,
//   each in its own transaction (emitEvent, as a route writes one with its cause), spread over
//   200 conversations (so the per-conversation order is in play). Figures: every event received
//   exactly once (by webhook-id), p50/p95/max from the causing write's commit to the receiver
//   having the request (goal p95 ≤ 1 s), and /healthz p50/p95 of both servers meanwhile (goal
//   ≤ 100 ms), with the same probes of the idle servers first (the peer: this machine's load).
// - Phase 2: the receiver goes down (connections refused) for BENCH_WEBHOOKS_DOWN_SECONDS (60)
//   while events keep coming; then it is back. Figures: events written while down, received
//   afterwards (lost 0, duplicates 0), and how long after it was back the last one arrived.
// The servers retry at PARLEY_WEBHOOK_RETRY_SECONDS=5,10,20,30,60,60,60 here (an operator's
// shorter schedule: the default's second wait is 300 s). Needs PostgreSQL: TEST_DATABASE_URL
// (default postgres://parley:parley@localhost:5432/parley_test). `npm run bench -- webhooks-out`.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startTestServer, freshPostgresUrl, dropFreshDatabase } from '../apps/server/test/harness';
import { openDatabase } from '../apps/server/src/db/client';
import { emitEvent } from '../apps/server/src/events/emit';
import { startRole } from './roleProcess';
import { pct } from './modelTiming';

process.env.TEST_DATABASE_URL ??= 'postgres://parley:parley@localhost:5432/parley_test';
process.env.PARLEY_TEST_DB = 'postgres';
const retrySchedule = '5,10,20,30,60,60,60';
const emit = (o: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'webhooks-out', ...o }));
const r1 = (x: number) => Math.round(x * 10) / 10;
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

interface Ready {
  url: string;
  orgId?: string;
}

const role = process.argv[2];
if (role === 'first' || role === 'second') {
  // One server process; the first also makes the organization and its webhook.
  const [databaseUrl, receiverUrl] = process.argv.slice(3);
  const server = await startTestServer({
    databaseUrl,
    env: {
      PARLEY_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_WEBHOOK_RETRY_SECONDS: retrySchedule,
    },
  });
  let orgId: string | undefined;
  if (role === 'first') {
    const user = server.newUser();
    orgId = await user.withOrg('Bench Org');
    const res = await user.raw('POST', `/api/org/${orgId}/webhooks`, {
      url: `${receiverUrl}/events`,
      events: ['*'],
    });
    if (res.status !== 201) throw new Error(`webhook: ${JSON.stringify(res.body)}`);
  }
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  console.log(`READY ${JSON.stringify({ url: server.url, orgId } satisfies Ready)}`);
} else {
  await main();
}

/** The receiver: when each webhook-id arrived (and how often); `down` refuses connections. */
async function startReceiver() {
  const arrivals = new Map<string, number[]>();
  let server: Server | null = null;
  let port = 0;
  const up = async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        const list = arrivals.get(id) ?? [];
        list.push(performance.now());
        arrivals.set(id, list);
        res.writeHead(204).end();
      });
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  };
  await up();
  return {
    url: () => `http://127.0.0.1:${port}`,
    arrivals,
    up,
    down: async () => {
      const s = server!;
      server = null;
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    },
    close: async () => {
      if (!server) return;
      server.closeAllConnections();
      await new Promise((r) => server!.close(r));
    },
  };
}

/** Probes /healthz until `done` settles; the probes' latencies in ms. */
async function probe(url: string, done: Promise<unknown>) {
  const times: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const t0 = performance.now();
    await (await fetch(`${url}/healthz`)).text();
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  return times;
}

async function main() {
  const total = Number(process.env.BENCH_WEBHOOKS_EVENTS ?? 10_000);
  const rate = Number(process.env.BENCH_WEBHOOKS_RATE ?? 250);
  const downSeconds = Number(process.env.BENCH_WEBHOOKS_DOWN_SECONDS ?? 60);
  const databaseUrl = (await freshPostgresUrl())!;
  const receiver = await startReceiver();
  const file = fileURLToPath(import.meta.url);
  const a = await startRole(file, 'first', [databaseUrl, receiver.url()]);
  const b = await startRole(file, 'second', [databaseUrl, receiver.url()]);
  const first = JSON.parse(a.ready) as Ready;
  const second = JSON.parse(b.ready) as Ready;
  const orgId = first.orgId!;
  const writer = await openDatabase({ url: databaseUrl });
  const conversations = Array.from({ length: 200 }, () => crypto.randomUUID());
  const committed = new Map<string, number>();
  emit({
    figure: 'machine',
    load_average_1_5_15: load(),
    cores: (await import('node:os')).availableParallelism(),
  });

  /** Writes `count` events at `perSecond`, each in its own transaction; their commit times. */
  const write = async (count: number, perSecond: number, label: string) => {
    const ids: string[] = [];
    const t0 = performance.now();
    let next = 0;
    const lanes = Array.from({ length: 16 }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        const due = t0 + (i * 1000) / perSecond;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const id = await writer.db.transaction((tx) =>
          emitEvent(tx, {
            type: 'conversation.ended',
            organizationId: orgId,
            data: { conversation_id: conversations[i % conversations.length], n: i, phase: label },
          }),
        );
        committed.set(id!, performance.now());
        ids.push(id!);
      }
    });
    await Promise.all(lanes);
    return { ids, seconds: (performance.now() - t0) / 1000 };
  };
  const allArrived = (ids: string[]) => ids.every((id) => receiver.arrivals.has(id));
  const until = async (ok: () => boolean, limitMs: number) => {
    const t0 = performance.now();
    while (!ok() && performance.now() - t0 < limitMs) await new Promise((r) => setTimeout(r, 50));
    return ok();
  };

  try {
    // The peer: both servers' /healthz while idle.
    const idle = [
      await probe(first.url, new Promise((r) => setTimeout(r, 2000))),
      await probe(second.url, new Promise((r) => setTimeout(r, 2000))),
    ];
    emit({
      figure: 'healthz_idle_servers',
      p50_ms: r1(pct(idle.flat(), 50)),
      p95_ms: r1(pct(idle.flat(), 95)),
      probes: idle.flat().length,
    });

    // Warm-up (not counted): 500 events at the same rate (connection pools filled, the claim's
    // plan and the planner's statistics of the fresh tables settled), all delivered.
    const warm = await write(500, rate, 'warm-up');
    await until(() => allArrived(warm.ids), 60_000);

    // Phase 1: the steady stream.
    const writing = write(total, rate, 'steady');
    const delivered = writing.then(({ ids }) => until(() => allArrived(ids), 120_000));
    const [healthA, healthB, written, complete] = await Promise.all([
      probe(first.url, delivered),
      probe(second.url, delivered),
      writing,
      delivered,
    ]);
    const latencyOf = (id: string) => receiver.arrivals.get(id)![0]! - committed.get(id)!;
    const arrived = written.ids.filter((id) => receiver.arrivals.has(id));
    const latencies = arrived.map(latencyOf);
    // The p95 of each tenth of the run (in the order written): a warm-up or a drift shows here.
    const tenth = Math.ceil(arrived.length / 10);
    const byTenth = Array.from({ length: 10 }, (_, k) =>
      r1(pct(arrived.slice(k * tenth, (k + 1) * tenth).map(latencyOf), 95)),
    );
    const duplicates = written.ids.filter((id) => (receiver.arrivals.get(id)?.length ?? 0) > 1);
    const health = [...healthA, ...healthB];
    emit({
      figure: 'delivery',
      events: total,
      written_per_second: r1(total / written.seconds),
      received: written.ids.filter((id) => receiver.arrivals.has(id)).length,
      exactly_once: complete && duplicates.length === 0,
      duplicates: duplicates.length,
      write_to_delivery_p50_ms: r1(pct(latencies, 50)),
      write_to_delivery_p95_ms: r1(pct(latencies, 95)),
      write_to_delivery_max_ms: r1(Math.max(...latencies)),
      write_to_delivery_p95_by_tenth_ms: byTenth,
      goal: 'every event exactly once; p95 <= 1000 ms',
      load_average_1_5_15: load(),
    });
    emit({
      figure: 'healthz_during_delivery',
      probes: health.length,
      p50_ms: r1(pct(health, 50)),
      p95_ms: r1(pct(health, 95)),
      max_ms: r1(Math.max(...health)),
      first_p95_ms: r1(pct(healthA, 95)),
      second_p95_ms: r1(pct(healthB, 95)),
      goal: 'p95 <= 100 ms',
    });

    // Phase 2: the receiver is down for a minute while events keep coming.
    await receiver.down();
    const downCount = Math.max(1, Math.round(downSeconds * 10));
    const whileDown = await write(downCount, downCount / Math.max(1, downSeconds - 1), 'down');
    const rest = Math.max(0, downSeconds * 1000 - whileDown.seconds * 1000);
    await new Promise((r) => setTimeout(r, rest));
    const backAt = performance.now();
    await receiver.up();
    // The longest wait after a failed attempt in this schedule is 60 s: all is in well within 3 min.
    const recovered = await until(() => allArrived(whileDown.ids), 180_000);
    const lastArrival = Math.max(
      ...whileDown.ids.map((id) => receiver.arrivals.get(id)?.[0] ?? Number.NaN),
    );
    emit({
      figure: 'receiver_down',
      down_seconds: downSeconds,
      written_while_down: whileDown.ids.length,
      received_after: whileDown.ids.filter((id) => receiver.arrivals.has(id)).length,
      lost: whileDown.ids.filter((id) => !receiver.arrivals.has(id)).length,
      duplicates: whileDown.ids.filter((id) => (receiver.arrivals.get(id)?.length ?? 0) > 1).length,
      all_delivered: recovered,
      last_arrival_after_back_s: r1((lastArrival - backAt) / 1000),
      retry_schedule_s: retrySchedule,
      goal: 'nothing lost, nothing twice',
      load_average_1_5_15: load(),
    });
  } finally {
    await writer.close();
    for (const child of [a.child, b.child]) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await receiver.close();
    await dropFreshDatabase(databaseUrl);
  }
}

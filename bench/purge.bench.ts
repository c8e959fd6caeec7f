// `npm run bench -- purge`: a retention purge (POST /api/org/{orgId}/privacy/purge, privacy/
// retention.ts) of BENCH_PURGE_MESSAGES old messages (default: the 1,000,000) in
// conversations of 10, while /healthz is probed every 20 ms from the same process (as
// bench/knowledge.bench.ts does). Goal: /healthz p95 ≤ 100 ms during the purge (it runs in batches
// of twenty conversations, each a short transaction). On in-memory PGlite (the default install), or
// PostgreSQL with BENCH_DATABASE_URL (a database of its own that it migrates). About two minutes
// each on the 2-core machine.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { PurgeList, PurgeResponse } from '@parley/api-client';
import { createServer } from '../apps/server/src/server';
import { probeHealthz } from '../apps/server/test/largeText';
import { benchSession } from './benchSession';

const perConversation = 10;
const emit = (o: Record<string, unknown>) => console.log(JSON.stringify({ bench: 'purge', ...o }));
const r1 = (n: number) => Math.round(n * 10) / 10;

const { app, database } = await createServer({
  dataDir: null,
  databaseUrl: process.env.BENCH_DATABASE_URL,
  logLevel: 'silent',
  secret: 'c3f1a9e27b4d8e06f5a2c9b1d7e4f80a',
  baseURL: 'http://127.0.0.1',
  env: { PARLEY_RATE_LIMIT_PER_KEY: '1000000' },
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await once(server, 'listening');
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const headers = await benchSession(origin);
const post = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`bench: ${res.status} from ${path}: ${await res.text()}`);
  return (await res.json()) as T;
};
const orgId = (await post<{ data: { orgId: string } }>('/api/org/create-org', { orgName: 'Bench' }))
  .data.orgId;

const messagesN = Number(process.env.BENCH_PURGE_MESSAGES ?? 1_000_000);
// Seed: conversations of 10 messages, 100 to 130 days old, in slices of 10,000 messages.
const t0 = performance.now();
const conversationsN = Math.ceil(messagesN / perConversation);
for (let from = 0; from < conversationsN; from += 1000) {
  const to = Math.min(conversationsN, from + 1000) - 1;
  await database.db.execute(sql`
    WITH c AS (
      INSERT INTO conversations (organization_id, channel, end_user, created_at, updated_at)
      SELECT ${orgId}, (ARRAY['chat','voice','sms','whatsapp'])[1 + g % 4], 'user-' || g,
        now() - make_interval(days => 100 + g % 30), now() - make_interval(days => 100 + g % 30)
      FROM generate_series(${from}::int, ${to}::int) g
      RETURNING id, created_at)
    INSERT INTO messages (conversation_id, role, content, created_at)
    SELECT c.id, CASE WHEN k % 2 = 0 THEN 'user' ELSE 'assistant' END,
      'message ' || k || ' about opening hours and parking', c.created_at + make_interval(secs => k)
    FROM c, generate_series(0, ${perConversation - 1}::int) k`);
}
emit({
  db: database.kind,
  seeded: { conversations: conversationsN, messages: conversationsN * perConversation },
  seed_s: r1((performance.now() - t0) / 1000),
});

// Seeding ran on this process's own loop (PGlite) for many seconds: the keep-alive timers that fell
// due meanwhile (the server's and fetch's) run now, or the first probe would reuse a socket the
// server is closing at that moment (ECONNRESET: a 200,000-message run lost its first probe so).
await new Promise((r) => setTimeout(r, 1000));
const idle = probeHealthz(origin);
await new Promise((r) => setTimeout(r, 3000));
const idleFigures = await idle.stop();
const busy = probeHealthz(origin);
const start = performance.now();
// As the console does: the request answers 202 'running' after its wait (PARLEY_PURGE_WAIT_MS,
// 25 s) and the purge goes on in the background; GET …/privacy/purges shows when it is done.
const asked = await post<PurgeResponse>(`/api/org/${orgId}/privacy/purge`, { older_than: 30 });
let answer: { status: string; removed: PurgeResponse['removed'] } = asked;
while (answer.status === 'running' || answer.status === 'queued') {
  await new Promise((r) => setTimeout(r, 1000));
  const res = await fetch(`${origin}/api/org/${orgId}/privacy/purges`, { headers });
  if (!res.ok) throw new Error(`bench: ${res.status} from the purge list: ${await res.text()}`);
  const run = ((await res.json()) as PurgeList).purges.find((p) => p.id === asked.purge_id);
  if (!run) throw new Error(`bench: purge ${asked.purge_id} is not listed`);
  answer = run;
}
const purgeS = (performance.now() - start) / 1000;
const busyFigures = await busy.stop();
emit({
  db: database.kind,
  figure: `/healthz p95 while ${answer.removed.messages} messages are purged (goal ≤ 100 ms)`,
  value: r1(busyFigures.p95),
  unit: 'ms',
  p50: r1(busyFigures.p50),
  max: r1(busyFigures.max),
  probes: busyFigures.n,
  ok: busyFigures.p95 <= 100,
  idle_p95: r1(idleFigures.p95),
  purge_s: r1(purgeS),
  messages_per_s: Math.round(answer.removed.messages / purgeS),
  status: answer.status,
  removed: answer.removed,
  scaled_down: messagesN < 1_000_000 ? `${messagesN} of the issue's 1,000,000 messages` : false,
});
server.close();
await database.close();
process.exit(0);

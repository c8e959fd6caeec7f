// `npm run bench -- analytics`: an agent's analytics (GET /api/analytics/agents/{id}: the
// aggregate SQL of conversations/analytics.ts) and the inbox's first page (GET /api/conversations:
// conversations/queries.ts, also with a full-text q) over BENCH_CONVERSATIONS conversations
// (100,000) of BENCH_MESSAGES_PER messages each (10: 1M messages), spread over four agents, four
// channels and 30 days, on in-memory PGlite and on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL; a fresh database, dropped after). p50/p95 of BENCH_RUNS calls each (30);
// goals: p95 ≤ 500 ms on PGlite, ≤ 200 ms on PostgreSQL. BENCH_ANALYTICS_DB=pglite|postgres runs one.
// BENCH_KEEP_DB=<name> (PostgreSQL): seeds a database of that name once and keeps it; later runs
// with the same name reuse the seed (the migrations still run: a new one rebuilds the rollup).
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { agentAnalytics } from '../apps/server/src/conversations/analytics';
import { listConversations } from '../apps/server/src/conversations/queries';
import { rowsOf } from '../apps/server/src/db/rows';

const conversationsN = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const perConversation = Number(process.env.BENCH_MESSAGES_PER ?? 10);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const only = process.env.BENCH_ANALYTICS_DB;
const keep = process.env.BENCH_KEEP_DB;
const emit = (o: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'analytics', ...o }));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};

async function seed(db: Database['db']) {
  await db.execute(sql`INSERT INTO organization (id, name, slug, created_at)
    VALUES ('bench-org', 'Bench', 'bench', now())`);
  await db.execute(sql`INSERT INTO agents (agent_name, organization_id, name, status)
    SELECT 'bench_' || a, 'bench-org', 'Bench ' || a, 'active' FROM generate_series(0, 3) a`);
  // In slices, so that one statement never holds the embedded database for minutes. The rollup's
  // trigger is off for the bulk seed; the migration's backfill (parley_analytics_rebuild) builds
  // the rollup afterwards, as it does for an existing install's rows.
  const triggers = [
    'messages_analytics',
    'messages_analytics_batch',
    'messages_analytics_inserted',
  ];
  for (const t of triggers) await db.execute(sql.raw(`ALTER TABLE messages DISABLE TRIGGER ${t}`));
  const slice = 10_000;
  for (let from = 0; from < conversationsN; from += slice) {
    const to = Math.min(conversationsN, from + slice) - 1;
    await db.execute(sql`
      WITH c AS (
        INSERT INTO conversations (agent_name, organization_id, channel, end_user, created_at, updated_at, ended_at, end_reason)
        SELECT 'bench_' || (g % 4), 'bench-org',
          (ARRAY['chat','voice','sms','whatsapp'])[1 + (g / 4) % 4],
          'user-' || g,
          now() - make_interval(secs => (g * 25.92)::int % 2592000) - interval '5 minutes',
          now() - make_interval(secs => (g * 25.92)::int % 2592000),
          CASE WHEN (g / 4) % 4 = 1 THEN now() - make_interval(secs => (g * 25.92)::int % 2592000) END,
          CASE WHEN (g / 4) % 4 = 1 THEN (ARRAY['caller','agent','max_duration'])[1 + g % 3] END
        FROM generate_series(${from}::int, ${to}::int) g
        RETURNING id, channel, created_at)
      INSERT INTO messages (conversation_id, role, author, content, error, offline, metadata, created_at)
      SELECT c.id, CASE WHEN k % 2 = 0 THEN 'user' ELSE 'assistant' END,
        CASE WHEN k % 2 = 0 THEN 'visitor' ELSE 'agent' END,
        CASE WHEN k % 2 = 0 THEN 'question ' || k || ' about opening hours and parking'
             ELSE 'answer ' || k || ' with the details you asked for' END,
        CASE WHEN k % 2 = 1 AND random() < 0.02 THEN 'model failed' END,
        false,
        CASE WHEN k % 2 = 1 THEN jsonb_build_object('llm_ttft_ms', 200 + (random() * 800)::int,
          'retrieved', (random() * 4)::int)
          || CASE WHEN c.channel = 'voice' THEN jsonb_build_object('latency_ms', 500 + (random() * 1000)::int) ELSE '{}'::jsonb END
          ELSE '{}'::jsonb END,
        c.created_at + make_interval(secs => k * 20)
      FROM c, generate_series(0, ${perConversation - 1}::int) k`);
  }
  for (const t of triggers) await db.execute(sql.raw(`ALTER TABLE messages ENABLE TRIGGER ${t}`));
  const t = performance.now();
  await db.execute(sql`SELECT parley_analytics_rebuild()`);
  const rebuildS = Math.round((performance.now() - t) / 100) / 10;
  // What autovacuum does on PostgreSQL after such a load (the rollup is read index-only).
  await db.execute(sql`VACUUM ANALYZE`);
  return rebuildS;
}

async function measure(name: string, fn: () => Promise<unknown>) {
  await fn(); // warm
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return { name, p50: pct(times, 50), p95: pct(times, 95) };
}

async function bench(kind: 'pglite' | 'postgres') {
  let url: string | undefined;
  let dbName = '';
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (kind === 'postgres') {
    if (!base)
      return emit({ db: kind, skipped: 'BENCH_DATABASE_URL or TEST_DATABASE_URL not set' });
    dbName = keep ?? `parley_bench_analytics_${Date.now()}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error('BENCH_KEEP_DB: not a database name');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const database = await openDatabase({ url });
  const t0 = performance.now();
  const seeded =
    keep && kind === 'postgres'
      ? rowsOf(await database.db.execute(sql`SELECT 1 FROM organization WHERE id = 'bench-org'`))
          .length > 0
      : false;
  const rebuildS = seeded ? 'kept' : await seed(database.db);
  emit({
    db: kind,
    seeded: { conversations: conversationsN, messages: conversationsN * perConversation },
    rollup_backfill_s: rebuildS,
    seed_s: Math.round((performance.now() - t0) / 100) / 10,
  });
  const agent = { agentName: 'bench_0', knowledgeBaseIds: [] };
  const goal = kind === 'pglite' ? 500 : 200;
  const figures = [
    await measure('analytics_7d', () => agentAnalytics(database.db, agent, '7d')),
    await measure('analytics_30d', () => agentAnalytics(database.db, agent, '30d')),
    await measure('inbox_first_page', () =>
      listConversations(database.db, { orgId: 'bench-org', userId: 'u', filters: {}, limit: 25 }),
    ),
    await measure('inbox_first_page_agent_channel', () =>
      listConversations(database.db, {
        orgId: 'bench-org',
        userId: 'u',
        filters: { agent_id: 'bench_1', channel: 'sms' },
        limit: 25,
      }),
    ),
    await measure('inbox_search_q', () =>
      listConversations(database.db, {
        orgId: 'bench-org',
        userId: 'u',
        filters: { q: 'parking' },
        limit: 25,
      }),
    ),
  ];
  for (const f of figures)
    emit({
      db: kind,
      figure: f.name,
      p50_ms: f.p50,
      p95_ms: f.p95,
      goal_p95_ms: goal,
      ok: f.p95 <= goal,
    });
  await database.close();
  if (dbName && !keep) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.end();
  }
}

for (const kind of ['pglite', 'postgres'] as const) if (!only || only === kind) await bench(kind);

// `npm run bench -- scale`: the load bench's streaming chats (POST /v1/chat-messages against a
// local fake OpenAI-compatible model) on PostgreSQL, against one server process and against two
// on the same database, each behind the same small round-robin HTTP proxy (so the proxy's cost
// is in both figures). /healthz is probed through the proxy every 100 ms by a process of its own.
// Figures: completed chats/s, failures, /healthz p95. Caveat: every process (the servers, the
// proxy, PostgreSQL, the fake model, the load generator) shares this machine's cores; on two
// cores a second server process has little CPU of its own to add, so the figure shows that two
// processes serve together correctly and how the work divides, not what two machines would give.
//   BENCH_SCALE_SECONDS  duration of each phase (default 20)
//   BENCH_SCALE_CLIENTS  concurrent streaming chats (default 100)
//   BENCH_PG_URL         the PostgreSQL server (default TEST_DATABASE_URL, else the local one)
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startRole } from './roleProcess';

const role = process.argv[2];
const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 20);
const clients = Number(process.env.BENCH_SCALE_CLIENTS ?? 100);
const emit = (o: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'scale', clients, seconds, ...o }));

// ---------------------------------------------------------------- child processes

async function runModel() {
  const { startFakeProvider } = await import('../apps/server/test/fakeProviders');
  const fake = await startFakeProvider();
  fake.reply.words = Array.from({ length: 10 }, (_, i) => `w${i} `);
  fake.reply.delayMs = 10;
  setInterval(() => (fake.requests.length = 0), 1000).unref();
  console.log(`READY ${fake.url}`);
}

async function runServer(databaseUrl: string, modelUrl: string) {
  const { serve } = await import('@hono/node-server');
  const { createServer } = await import('../apps/server/src/server');
  const { app } = await createServer({
    databaseUrl,
    dataDir: null,
    logLevel: 'silent',
    secret: 'c3f1a9e27b4d8e06f5a2c9b1d7e4f80a',
    baseURL: 'http://127.0.0.1',
    env: {
      PARLEY_RATE_LIMIT_PER_IP: '100000000',
      PARLEY_RATE_LIMIT_PER_KEY: '100000000',
      PARLEY_MODEL_ALLOW_HOSTS: new URL(modelUrl).hostname,
    },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  console.log(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/** A round-robin reverse proxy over the upstreams (comma-separated), streaming both ways. */
async function runProxy(upstreams: string) {
  const targets = upstreams.split(',').map((u) => new URL(u));
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = targets[next++ % targets.length]!;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  console.log(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/** Probes /healthz every 100 ms until a line on stdin, then prints the samples (ms). */
async function runProbe(baseUrl: string) {
  const samples: number[] = [];
  let done = false;
  createInterface({ input: process.stdin }).once('line', () => (done = true));
  console.log('READY probe');
  while (!done) {
    const t = performance.now();
    try {
      await (await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) })).text();
      samples.push(performance.now() - t);
    } catch {
      samples.push(10_000);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.stdout.write(`SAMPLES ${JSON.stringify(samples)}\n`, () => process.exit(0));
}

// ---------------------------------------------------------------- load generator

const self = fileURLToPath(import.meta.url);
async function start(roleName: string, ...args: string[]) {
  const { child, ready } = await startRole(self, roleName, args, { stdin: roleName === 'probe' });
  return { child, url: ready };
}
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const round = (x: number) => Math.round(x * 100) / 100;

async function chat(url: string, appKey: string, user: string): Promise<string | null> {
  try {
    const res = await fetch(`${url}/v1/chat-messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${appKey}` },
      body: JSON.stringify({ query: 'Opening hours?', response_mode: 'streaming', user }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (!res.ok) return `HTTP ${res.status}`;
    return text.includes('"event":"message_end"') ? null : 'no message_end';
  } catch (error) {
    return (error as Error).name;
  }
}

async function load(url: string, appKey: string) {
  for (let i = 0; i < 20; i++) await chat(url, appKey, `warm-${i}`);
  const probe = await start('probe', url);
  const deadline = performance.now() + seconds * 1000;
  const began = performance.now();
  let completed = 0;
  let n = 0;
  const failures: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      while (performance.now() < deadline) {
        const error = await chat(url, appKey, `load-${w}-${n++}`);
        if (error) failures[error] = (failures[error] ?? 0) + 1;
        else completed++;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const lines = createInterface({ input: probe.child.stdout! });
  const samples = new Promise<number[]>((resolve) =>
    lines.on('line', (l) => l.startsWith('SAMPLES ') && resolve(JSON.parse(l.slice(8)))),
  );
  probe.child.stdin!.write('stop\n');
  const healthz = await samples;
  return {
    chatsPerSecond: round(completed / elapsed),
    completed,
    failures: Object.values(failures).reduce((a, b) => a + b, 0),
    failureKinds: failures,
    healthzP95: round(pct(healthz, 95)),
  };
}

async function setUpAgent(origin: string, modelUrl: string): Promise<string> {
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      name: 'Scale',
      email: 'scale@example.com',
      password: 'two-processes-1',
    }),
  });
  if (!signUp.ok) throw new Error(`bench: sign-up → ${signUp.status} ${await signUp.text()}`);
  const headers = {
    Cookie: signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    Origin: origin,
    'Content-Type': 'application/json',
  };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`bench: ${path} → ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: Record<string, string> };
  };
  const { newAgentId } = await import('@parley/api-client');
  const orgId = (await post('/api/org/create-org', { orgName: 'Scale' })).data.orgId!;
  const agentName = newAgentId('scale');
  const appKey = (await post('/api/app/create-agent', { agentName, organizationId: orgId })).data
    .appKey!;
  await post(`/api/agents/update/${agentName}`, {
    organization_id: orgId,
    model_live_url: `${modelUrl}/v1`,
    system_prompt: 'Be brief.',
    status: 'active',
  });
  return appKey;
}

async function phase(processes: number, databaseUrl: string, modelUrl: string) {
  const servers = await Promise.all(
    Array.from({ length: processes }, () => start('server', databaseUrl, modelUrl)),
  );
  const proxy = await start('proxy', servers.map((s) => s.url).join(','));
  try {
    // The agent is created through one server; the other reads it from the shared database.
    const appKey = await setUpAgent(servers[0]!.url, modelUrl);
    const f = await load(proxy.url, appKey);
    const target = `${processes} server process${processes > 1 ? 'es' : ''} on one PostgreSQL, behind a round-robin proxy`;
    emit({
      figure: 'completed streaming chats per second',
      value: f.chatsPerSecond,
      unit: 'chats/s',
      target,
    });
    emit({
      figure: 'failed chats',
      value: f.failures,
      unit: 'chats',
      kinds: f.failureKinds,
      completed: f.completed,
      goal: '0',
      target,
    });
    emit({ figure: '/healthz during the load, p95', value: f.healthzP95, unit: 'ms', target });
    return f;
  } finally {
    await stop(proxy.child);
    for (const s of servers) await stop(s.child);
  }
}

async function main() {
  const base =
    process.env.BENCH_PG_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://parley:parley@localhost:5432/parley_test';
  const admin = new pg.Client({ connectionString: base });
  if (
    !(await admin.connect().then(
      () => true,
      () => false,
    ))
  ) {
    emit({
      figure: 'completed streaming chats per second',
      value: null,
      note: `skipped: no PostgreSQL at ${new URL(base).host}`,
    });
    return;
  }
  const model = await start('model');
  const names: string[] = [];
  try {
    const results = [];
    for (const processes of [1, 2]) {
      // A fresh database per phase: the second phase does not read the first one's conversations.
      const name = `parley_bench_scale_${Date.now()}_${processes}`;
      await admin.query(`CREATE DATABASE ${name}`);
      names.push(name);
      const url = new URL(base);
      url.pathname = `/${name}`;
      results.push(await phase(processes, url.toString(), model.url));
    }
    emit({
      figure: 'throughput, two processes ÷ one',
      value: round(results[1]!.chatsPerSecond / results[0]!.chatsPerSecond),
      unit: 'ratio',
      note: 'every process shares this machine’s cores: read it as “two processes serve together”, not as two machines',
    });
  } finally {
    await stop(model.child);
    for (const name of names)
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

if (role) process.on('SIGTERM', () => process.exit(0));
if (role === 'model') await runModel();
else if (role === 'server') await runServer(process.argv[3]!, process.argv[4]!);
else if (role === 'proxy') await runProxy(process.argv[3]!);
else if (role === 'probe') await runProbe(process.argv[3]!);
else await main();

// Load: 200 concurrent streaming chats (POST /v1/chat-messages, SSE) for BENCH_LOAD_SECONDS (60 by
// default) against a local fake OpenAI-compatible model, with /healthz probed every 100 ms during
// the load by a process of its own. The peer, in the same run, is a bare Hono SSE proxy to the same fake model (no
// database, no auth). Each server runs in its own process, as does the fake model; this process
// is the load generator. One JSON line per figure. Parley runs with its defaults, admission
// included (PARLEY_ADMISSION_LAG_MS: chats beyond what the event loop keeps up with wait their
// turn); set PARLEY_ADMISSION_LAG_MS=0 for a comparison without it. The server prints its
// admission limit/running/waiting once a second (stderr) at the end of each phase.
//   BENCH_LOAD_SECONDS   duration of each phase (default 60)
//   BENCH_LOAD_CLIENTS   concurrent streaming chats (default 200)
//   BENCH_LOAD_ONLY      'parley' skips the peer (quick before/after runs: compare CPU per chat)
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startRole } from './roleProcess';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';

const role = process.argv[2];
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const clients = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
/** The fake model streams 10 words, 10 ms apart (about 100 ms per answer). */
const modelWords = 10;
const modelDelayMs = 10;
const requestTimeoutMs = 30_000;

// ---------------------------------------------------------------- child processes

async function runModel() {
  const { startFakeProvider } = await import('../apps/server/test/fakeProviders');
  const fake = await startFakeProvider();
  fake.reply.words = Array.from({ length: modelWords }, (_, i) => `w${i} `);
  fake.reply.delayMs = modelDelayMs;
  // Keep memory flat over a long run: the bench does not read the recorded requests.
  setInterval(() => (fake.requests.length = 0), 1000).unref();
  console.log(`READY ${fake.url}`);
}

async function runParley(modelUrl: string) {
  const { serve } = await import('@hono/node-server');
  const { createServer } = await import('../apps/server/src/server');
  const { app, admission } = await createServer({
    dataDir: null,
    logLevel: 'silent',
    secret: 'c3f1a9e27b4d8e06f5a2c9b1d7e4f80a',
    baseURL: 'http://127.0.0.1',
    env: {
      PARLEY_RATE_LIMIT_PER_IP: '100000000',
      PARLEY_RATE_LIMIT_PER_KEY: '100000000',
      PARLEY_MODEL_ALLOW_HOSTS: new URL(modelUrl).hostname,
      // Admission (how many turns run at once) as the server's default unless set for a comparison.
      PARLEY_ADMISSION_LAG_MS: process.env.PARLEY_ADMISSION_LAG_MS,
    },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const admissionLog: string[] = [];
  if (admission)
    setInterval(() => {
      const { limit, running, waiting } = admission.state();
      admissionLog.push(`${limit}/${running}/${waiting}`);
    }, 1000).unref();
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  process.on('SIGUSR2', () => {
    process.stderr.write(
      `LAG p50 ${lag.percentile(50) / 1e6} p99 ${lag.percentile(99) / 1e6} max ${lag.max / 1e6}\n`,
    );
    if (admissionLog.length) process.stderr.write(`ADMISSION ${admissionLog.join(' ')}\n`);
    admissionLog.length = 0;
    lag.reset();
  });
  console.log(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

async function runProxy(modelUrl: string) {
  const { serve } = await import('@hono/node-server');
  const { Hono } = await import('hono');
  const { streamSSE } = await import('hono/streaming');
  const { streamText } = await import('ai');
  const { createOpenAI } = await import('@ai-sdk/openai');
  const model = createOpenAI({ baseURL: `${modelUrl}/v1`, apiKey: 'bench' }).chat('gpt-4o');
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.post('/v1/chat-messages', async (c) => {
    const body = (await c.req.json()) as { query: string };
    return streamSSE(c, async (stream) => {
      const result = streamText({
        model,
        messages: [{ role: 'user', content: body.query }],
        abortSignal: c.req.raw.signal,
      });
      for await (const delta of result.textStream)
        await stream.writeSSE({ data: JSON.stringify({ event: 'message', answer: delta }) });
      await stream.writeSSE({ data: JSON.stringify({ event: 'message_end' }) });
    });
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  console.log(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/**
 * The /healthz prober runs in a process of its own, so the load generator's event-loop delay
 * (200 streams in one loop) is not counted as the server's. It probes every 100 ms until told to
 * stop (a line on stdin), then prints the samples (ms).
 */
async function runProbe(baseUrl: string) {
  const samples: number[] = [];
  let done = false;
  createInterface({ input: process.stdin }).once('line', () => (done = true));
  await fetch(`${baseUrl}/healthz`).then((r) => r.text()); // warm the client (not counted)
  console.log('READY probe');
  while (!done) {
    const t = performance.now();
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
      await res.text();
      samples.push(performance.now() - t);
    } catch {
      samples.push(10_000);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.stdout.write(`SAMPLES ${JSON.stringify(samples)}\n`, () => process.exit(0));
}

// ---------------------------------------------------------------- load generator

async function start(roleName: string, ...args: string[]) {
  const { child, ready } = await startRole(fileURLToPath(import.meta.url), roleName, args, {
    stdin: roleName === 'probe',
  });
  return { child, url: ready };
}

/** Stops the prober and reads its /healthz samples. */
async function probeSamples(child: ChildProcess): Promise<number[]> {
  const lines = createInterface({ input: child.stdout! });
  const samples = new Promise<number[]>((resolve) =>
    lines.on('line', (line) => {
      if (line.startsWith('SAMPLES ')) resolve(JSON.parse(line.slice(8)) as number[]);
    }),
  );
  child.stdin!.write('stop\n');
  const result = await samples;
  await once(child, 'exit');
  return result;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const round = (x: number) => Math.round(x * 100) / 100;

interface Figures {
  completedPerSecond: number;
  completed: number;
  failures: number;
  failureKinds: Record<string, number>;
  ttfbP50: number;
  ttfbP95: number;
  healthzP95: number;
  healthzMax: number;
  /** The load generator's own event-loop delay (p99, ms): high values mean the client, not the server, is the bottleneck. */
  clientLagP99: number;
  /**
   * The server process's CPU time (user + system) per completed chat, ms: on a shared machine
   * this moves far less with the other processes' load than throughput does.
   */
  serverCpuMsPerChat: number;
}

/** A process's CPU time so far (user + system, ms) from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** One streaming chat: the answer ends with message_end, or it counts as a failure. */
async function chat(url: string, init: RequestInit): Promise<{ ttfb: number } | { error: string }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      return { error: `HTTP ${res.status}` };
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let ttfb = NaN;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (Number.isNaN(ttfb)) ttfb = performance.now() - started;
      text += decoder.decode(value, { stream: true });
    }
    if (text.includes('"event":"error"')) return { error: 'error event' };
    if (!text.includes('"event":"message_end"')) return { error: 'no message_end' };
    return { ttfb };
  } catch (error) {
    const name = (error as Error).name;
    return { error: name === 'TimeoutError' ? 'hung (30 s client timeout)' : name };
  }
}

async function load(baseUrl: string, appKey: string, serverPid?: number): Promise<Figures> {
  // Warm-up (not measured): the first requests load and compile code paths lazily.
  const warm = (i: number) =>
    chat(`${baseUrl}/v1/chat-messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${appKey}` },
      body: JSON.stringify({ query: 'Hi', response_mode: 'streaming', user: `warm-${i}` }),
    });
  for (let i = 0; i < 10; i++) await warm(i);
  await Promise.all(Array.from({ length: 20 }, (_, i) => warm(100 + i)));
  await fetch(`${baseUrl}/healthz`).then((r) => r.text());
  const deadline = performance.now() + seconds * 1000;
  const ttfbs: number[] = [];
  const failureKinds: Record<string, number> = {};
  let completed = 0;
  let failures = 0;
  let n = 0;
  const worker = async (w: number) => {
    while (performance.now() < deadline) {
      const result = await chat(`${baseUrl}/v1/chat-messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${appKey}` },
        body: JSON.stringify({
          inputs: {},
          query: 'What are the opening hours on Saturday?',
          response_mode: 'streaming',
          user: `load-${w}-${n++}`,
        }),
      });
      if ('error' in result) {
        failures++;
        failureKinds[result.error] = (failureKinds[result.error] ?? 0) + 1;
      } else {
        completed++;
        ttfbs.push(result.ttfb);
      }
    }
  };
  const prober = await start('probe', baseUrl);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const began = performance.now();
  const cpuBefore = cpuMsOf(serverPid);
  await Promise.all(Array.from({ length: clients }, (_, w) => worker(w)));
  const elapsed = (performance.now() - began) / 1000;
  const serverCpuMs = cpuMsOf(serverPid) - cpuBefore;
  const healthz = await probeSamples(prober.child);
  return {
    completedPerSecond: round(completed / elapsed),
    completed,
    failures,
    failureKinds,
    ttfbP50: round(pct(ttfbs, 50)),
    ttfbP95: round(pct(ttfbs, 95)),
    healthzP95: round(pct(healthz, 95)),
    healthzMax: round(Math.max(...healthz)),
    clientLagP99: (lag.disable(), round(lag.percentile(99) / 1e6)),
    serverCpuMsPerChat: round(serverCpuMs / Math.max(1, completed)),
  };
}

async function setUpAgent(origin: string, modelUrl: string): Promise<string> {
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      name: 'Load',
      email: 'bench@example.com',
      password: 'streaming-chats-200-at-once',
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
  const orgId = (await post('/api/org/create-org', { orgName: 'Load' })).data.orgId!;
  const agentName = newAgentId('load');
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

function report(target: string, f: Figures, peer?: Figures) {
  const line = (figure: string, value: number, unit: string, goal?: string, peerValue?: number) =>
    console.log(
      JSON.stringify({
        bench: 'load',
        figure,
        value,
        unit,
        target,
        clients,
        seconds,
        ...(peer ? { peer: 'bare Hono SSE proxy to the same fake model', peerValue } : {}),
        ...(goal ? { goal } : {}),
      }),
    );
  line(
    'completed streaming chats per second',
    f.completedPerSecond,
    'chats/s',
    peer ? '≥ 0.5 × peer' : undefined,
    peer?.completedPerSecond,
  );
  if (peer)
    line(
      'throughput ratio to the bare Hono SSE proxy',
      round(f.completedPerSecond / peer.completedPerSecond),
      'ratio',
      '≥ 0.5',
    );
  console.log(
    JSON.stringify({
      bench: 'load',
      figure: 'failed chats (errors, missing message_end, hung past 30 s)',
      value: f.failures,
      unit: 'chats',
      target,
      completed: f.completed,
      kinds: f.failureKinds,
      goal: '0',
      ...(peer ? { peer: 'bare Hono SSE proxy', peerValue: peer.failures } : {}),
    }),
  );
  line('time to first byte, p50', f.ttfbP50, 'ms', undefined, peer?.ttfbP50);
  line('time to first byte, p95', f.ttfbP95, 'ms', undefined, peer?.ttfbP95);
  line('/healthz during the load, p95', f.healthzP95, 'ms', '≤ 100 ms', peer?.healthzP95);
  line('/healthz during the load, max', f.healthzMax, 'ms', undefined, peer?.healthzMax);
  line(
    'server CPU time per completed chat (user + system)',
    f.serverCpuMsPerChat,
    'ms',
    undefined,
    peer?.serverCpuMsPerChat,
  );
  line(
    'load generator event-loop delay, p99 (context)',
    f.clientLagP99,
    'ms',
    undefined,
    peer?.clientLagP99,
  );
}

async function main() {
  const model = await start('model');
  try {
    let peer: Figures | undefined;
    if (process.env.BENCH_LOAD_ONLY !== 'parley') {
      const proxy = await start('proxy', model.url);
      peer = await load(proxy.url, 'none', proxy.child.pid);
      await stop(proxy.child);
      report('bare Hono SSE proxy', peer);
    }

    const parley = await start('parley', model.url);
    try {
      const appKey = await setUpAgent(parley.url, model.url);
      parley.child.kill('SIGUSR2');
      const ours = await load(parley.url, appKey, parley.child.pid);
      parley.child.kill('SIGUSR2');
      report('Parley /v1/chat-messages', ours, peer);
    } finally {
      await stop(parley.child);
    }
  } finally {
    await stop(model.child);
  }
}

// Children exit normally on SIGTERM (so a --cpu-prof profile is written).
if (role) process.on('SIGTERM', () => process.exit(0));
if (role === 'model') await runModel();
else if (role === 'parley') await runParley(process.argv[3]!);
else if (role === 'proxy') await runProxy(process.argv[3]!);
else if (role === 'probe') await runProbe(process.argv[3]!);
else await main();

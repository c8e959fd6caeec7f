// A tenant's pattern against a long answer (issue 37, item 2): /healthz probed every ~5 ms while
// the server runs an agent test whose `regex` expectations are `(a+)+$` against answers of
// BENCH_REGEX_LETTERS 'a's and a '!' (20,000 by default). A backtracking engine needs 2^n steps
// for that (31 letters held /healthz for 10 s); the linear-time engine (lib/patterns.ts) one pass.
// The server runs in its own process (PGlite, as a default install); the fake OpenAI-compatible
// model, the probes and the orders run in this one. One JSON line per figure: /healthz p50, p95,
// max while the test runs (goal: p95 ≤ 100 ms), against the same server idle (the peer).
// `npm run bench -- regex`.
import { fileURLToPath } from 'node:url';
import { createAgentTestsClient, newAgentId } from '@parley/api-client';
import { startFakeProvider } from '../apps/server/test/fakeProviders';
import { startTestServer } from '../apps/server/test/harness';
import { startRole } from './roleProcess';
import { pct } from './modelTiming';

const letters = Number(process.env.BENCH_REGEX_LETTERS ?? 20_000);
const turns = Number(process.env.BENCH_REGEX_TURNS ?? 10);
const emit = (o: Record<string, unknown>) => console.log(JSON.stringify({ bench: 'regex', ...o }));
const r1 = (x: number) => Math.round(x * 10) / 10;

if (process.argv[2] === 'server') {
  const modelUrl = process.argv[3]!;
  const server = await startTestServer({ env: { PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1' } });
  const user = server.newUser();
  const org = await user.withOrg('Regex Bench');
  const id = newAgentId('regex');
  const app = await user.apps.createAgent({ agentName: id, organizationId: org });
  await user.agents.update(id, {
    organization_id: org,
    chatbot_api: `${server.url}/v1`,
    chatbot_key: app.data!.appKey,
    model_live_url: `${modelUrl}/v1`,
    model_name: 'gpt-4o-mini',
  });
  const tests = createAgentTestsClient({ baseUrl: '/api/agents', fetch: user.fetch });
  await tests.create(id, {
    name: 'Nested quantifier',
    turns: Array.from({ length: turns }, (_, i) => ({
      user: `Line ${i}`,
      expect: [
        { type: 'regex' as const, value: '(a+)+$' },
        { type: 'regex' as const, value: '/^(a|aa)+$/i' },
      ],
    })),
  });
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  console.log(`READY ${JSON.stringify({ url: server.url })}`);
  // Each line on stdin runs the suite once (at most 10 turns: answered when done).
  for await (const _line of process.stdin) {
    const t0 = performance.now();
    const run = await tests.run(id, {});
    console.log(`DONE ${JSON.stringify({ ms: performance.now() - t0, status: run.status })}`);
  }
} else {
  await main();
}

async function probe(url: string, done: Promise<unknown>) {
  const times: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const t0 = performance.now();
    await (await fetch(`${url}/healthz`)).text();
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  return times;
}

async function main() {
  const model = await startFakeProvider();
  model.reply.words = ['a'.repeat(letters), '!'];
  const { child, ready } = await startRole(fileURLToPath(import.meta.url), 'server', [model.url], {
    stdin: true,
  });
  const { url } = JSON.parse(ready) as { url: string };
  const lines = (async function* () {
    const { createInterface } = await import('node:readline');
    for await (const line of createInterface({ input: child.stdout! }))
      if (line.startsWith('DONE '))
        yield JSON.parse(line.slice(5)) as { ms: number; status: string };
  })();
  const runOnce = async () => {
    child.stdin!.write('run\n');
    const next = await lines.next();
    return next.value!;
  };
  const report = (figure: string, health: number[], extra: Record<string, unknown> = {}) =>
    emit({
      figure,
      healthz_probes: health.length,
      healthz_p50_ms: r1(pct(health, 50)),
      healthz_p95_ms: r1(pct(health, 95)),
      healthz_max_ms: r1(Math.max(...health)),
      goal: 'healthz p95 <= 100 ms',
      ...extra,
    });
  // What the server no longer does: JavaScript's backtracking engine, 16, 20 and 24 letters
  // (each letter doubles it), after a warm-up.
  const { compileSafePattern } = await import('../apps/server/src/lib/patterns');
  const time = (f: () => void) => {
    const t0 = performance.now();
    f();
    return r1(performance.now() - t0);
  };
  /(a+)+$/.test(`${'a'.repeat(12)}!`);
  emit({
    figure: "one (a+)+$ match: JavaScript's RegExp (backtracking) against the linear-time engine",
    regexp_16_letters_ms: time(() => /(a+)+$/.test(`${'a'.repeat(16)}!`)),
    regexp_20_letters_ms: time(() => /(a+)+$/.test(`${'a'.repeat(20)}!`)),
    regexp_24_letters_ms: time(() => /(a+)+$/.test(`${'a'.repeat(24)}!`)),
    re2js_24_letters_ms: time(() => compileSafePattern('(a+)+$').test(`${'a'.repeat(24)}!`)),
    [`re2js_${letters}_letters_ms`]: time(() =>
      compileSafePattern('(a+)+$').test(`${'a'.repeat(letters)}!`),
    ),
  });
  try {
    await runOnce(); // warm-up: the first run compiles the patterns and warms the model client
    const idle = await probe(url, new Promise((r) => setTimeout(r, 2000)));
    report('idle server (the peer: no test running)', idle);
    const run = runOnce();
    const busy = await probe(url, run);
    const done = await run;
    report(
      `agent test run: ${turns} turns, (a+)+$ and ^(a|aa)+$ against ${letters} letters + '!'`,
      busy,
      {
        run_ms: r1(done.ms),
        run_status: done.status,
        model_requests: model.requests.length,
      },
    );
  } finally {
    child.kill('SIGTERM');
    await model.close();
  }
}

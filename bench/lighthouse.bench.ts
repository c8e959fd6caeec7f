// Lighthouse (mobile preset: simulated slow 4G and 4× CPU slowdown) on the console's /login, the
// public chat page /chatbot/{id} and the signed-in dashboard, served by the real server (built
// console and chat page, precompressed assets, security headers) on a local port. Chromium is
// Debian's /usr/bin/chromium (CHROMIUM_PATH to override), started by chrome-launcher; nothing is
// fetched from anywhere but the local server. One JSON line per category score and per metric
// (LCP, TBT, CLS), with its goal. BENCH_LIGHTHOUSE_RUNS (default 1) runs each page that many
// times and reports the median. BENCH_LIGHTHOUSE_PAGE=login measures only the pages whose name
// holds it; BENCH_LIGHTHOUSE_SAVE=DIR writes each run's full report (JSON) there;
// BENCH_LIGHTHOUSE_DEBUG=1 prints the main thread's breakdown and the costliest scripts (and with
// BENCH_LIGHTHOUSE_SAVE, writes each run's trace); BENCH_LIGHTHOUSE_CONSOLE_DIR=DIR serves another
// build of the console (to compare two builds in the same minute).
import { once } from 'node:events';
import { existsSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { newAgentId } from '@parley/api-client';
import { createServer } from '../apps/server/src/server';
import { widgetFiles } from '../apps/server/src/widgets';

const root = fileURLToPath(new URL('..', import.meta.url));
const consoleDir = process.env.BENCH_LIGHTHOUSE_CONSOLE_DIR ?? `${root}apps/console/dist`;
const chatbotDir = `${root}packages/chat-widget/dist/page`;
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
for (const dir of [consoleDir, chatbotDir]) {
  if (!existsSync(dir)) {
    console.error(`[lighthouse bench] ${dir} is missing: run npm run build first`);
    process.exit(1);
  }
}

const { app, database } = await createServer({
  dataDir: null,
  logLevel: 'silent',
  secret: 'bench-secret-bench-secret-bench-secret',
  consoleDir,
  chatbotDir,
  widgetFiles: widgetFiles(root),
  env: {},
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await once(server, 'listening');
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;

// A signed-in user with an organization and a published agent, through the real API.
const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: origin },
  body: JSON.stringify({
    name: 'Bench User',
    email: 'bench@example.com',
    password: 'quiet-harbor-lantern-7',
  }),
});
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const headers = { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' };
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ data?: Record<string, string> }>;
};
const orgId = (await post('/api/org/create-org', { orgName: 'Bench' })).data!.orgId!;
const agentId = newAgentId('support');
await post('/api/app/create-agent', { agentName: agentId, organizationId: orgId });
await post(`/api/agents/update/${agentId}`, {
  organization_id: orgId,
  status: 'active',
  name: 'Support',
  initial_message: 'Hello! How can I help you today?',
});

const only = process.env.BENCH_LIGHTHOUSE_PAGE;
const allPages = [
  { page: '/login', url: `${origin}/login`, performance: 95 },
  { page: '/chatbot/{id}', url: `${origin}/chatbot/${agentId}`, performance: 95 },
  { page: '/ (signed in)', url: `${origin}/`, performance: 90, cookie },
];
/** BENCH_LIGHTHOUSE_PAGE=login (for instance) measures only the pages whose name holds it. */
const pages = allPages.filter((p) => !only || p.page.includes(only));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // Any name but localhost fails to resolve: the run cannot reach anything but our server.
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
  ],
});

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const line = (figure: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'lighthouse', ...figure }));

try {
  for (const target of pages) {
    const results: Array<Record<string, number>> = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(target.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        extraHeaders: target.cookie ? { Cookie: target.cookie } : undefined,
      });
      const lhr = result!.lhr;
      if (process.env.BENCH_LIGHTHOUSE_SAVE)
        writeFileSync(
          `${process.env.BENCH_LIGHTHOUSE_SAVE}/${target.page.replace(/\W+/g, '_')}-${i}.json`,
          JSON.stringify(lhr),
        );
      if (process.env.BENCH_LIGHTHOUSE_SAVE && process.env.BENCH_LIGHTHOUSE_DEBUG)
        writeFileSync(
          `${process.env.BENCH_LIGHTHOUSE_SAVE}/${target.page.replace(/\W+/g, '_')}-${i}.trace.json`,
          JSON.stringify((result!.artifacts as unknown as { Trace: unknown }).Trace),
        );
      if (lhr.runtimeError) throw new Error(`${target.page}: ${lhr.runtimeError.message}`);
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      if (process.env.BENCH_LIGHTHOUSE_DEBUG) {
        const details = (id: string) =>
          (lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)
            ?.items ?? [];
        console.error(
          target.page,
          'main thread',
          JSON.stringify(details('mainthread-work-breakdown')),
        );
        console.error(target.page, 'bootup', JSON.stringify(details('bootup-time').slice(0, 5)));
      }
      if (failing.length)
        console.error(`[lighthouse bench] ${target.page} failing audits: ${failing.join(', ')}`);
      results.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        'best-practices': Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      });
    }
    const m = (key: string) => median(results.map((r) => r[key]!));
    const goals: Record<string, number> = {
      performance: target.performance,
      accessibility: 100,
      'best-practices': 100,
    };
    for (const category of ['performance', 'accessibility', 'best-practices'])
      line({
        page: target.page,
        figure: category,
        value: m(category),
        unit: 'score',
        goal: goals[category],
        runs,
      });
    line({ page: target.page, figure: 'LCP', value: Math.round(m('lcp')), unit: 'ms', runs });
    line({ page: target.page, figure: 'TBT', value: Math.round(m('tbt')), unit: 'ms', runs });
    line({
      page: target.page,
      figure: 'CLS',
      value: Number(m('cls').toFixed(3)),
      unit: 'score',
      runs,
    });
  }
} finally {
  await chrome.kill();
  server.close();
  await database.close();
}

// The embeddable widgets: gzip size of each widget's first script and of everything it can load,
// and the main-thread blocking a host page gains from the chat widget's snippet (peer in the same
// run: the same page without the snippet). One JSON line per figure.
//
// Blocking time: headless Chromium (Debian's /usr/bin/chromium, through playwright-core) loads a
// static host page from a local node:http server, once without and once with the chat widget's
// script tag (chat.js from the same server; the agent URL points to a closed local port, nothing
// is sent before the visitor types). Per load: Total Blocking Time = Σ over long tasks of
// (duration − 50 ms), from a 'longtask' PerformanceObserver registered before the page's own
// scripts, over the window from navigation to the widget being ready plus a quiet period; and the
// CDP Performance.getMetrics deltas TaskDuration (all main-thread work) and ScriptDuration (script
// evaluation and execution). Medians over BENCH_RUNS loads of each page (alternating order, a fresh
// browser context each time so chat.js is fetched and compiled cold), at full speed and with the
// CPU slowed 4× (Lighthouse's mobile setting).
//
// The widget mounts its launcher when the main thread is idle after the load, and renders its
// panel on first open; so, with the snippet, also: when the ready event fired (ms from navigation
// start; the load event's end for comparison) and the first open's cost (ms from
// window.ParleyChat.open() to the frame after the panel is in the DOM), measured after the
// blocking-time window.
import { chromium } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 10);
const cpuSlowdowns = [1, 4];
const quietMs = 1000;

const line = (figure, value, unit, extra = {}) =>
  console.log(JSON.stringify({ bench: 'widgets', figure, value, unit, ...extra }));

// ---------- the bundles (built when missing or older than their source) ----------

function newestSource(pkgDir) {
  let newest = 0;
  const walk = (dir) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/\.(test|stories)\.tsx?$/.test(f)) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  walk(join(pkgDir, 'src'));
  for (const f of readdirSync(pkgDir)) {
    if (/^vite.*\.config\.ts$|^package\.json$/.test(f))
      newest = Math.max(newest, statSync(join(pkgDir, f)).mtimeMs);
  }
  return newest;
}

function ensureBuilt(workspace, pkgDir, files) {
  const paths = files.map((f) => join(pkgDir, 'dist', f));
  const missing = paths.some((p) => !existsSync(p));
  const stale =
    !missing && Math.min(...paths.map((p) => statSync(p).mtimeMs)) < newestSource(pkgDir);
  if (!missing && !stale) return;
  console.error(`[widgets bench] building ${workspace} (${missing ? 'missing' : 'stale'} dist)`);
  // The build's own output goes to stderr: stdout carries only the JSON lines.
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (r.status !== 0) throw new Error(`build of ${workspace} failed (exit ${r.status})`);
}

const chatDir = join(root, 'packages/chat-widget');
const voiceDir = join(root, 'packages/voice-widget');
ensureBuilt('@parley/chat-widget', chatDir, ['chat.js']);
ensureBuilt('@parley/voice-widget', voiceDir, [
  'voice.js',
  'voice-livekit.js',
  'voice-ws.js',
  'voice-worklet.js',
]);

const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const chatJs = gzip(join(chatDir, 'dist/chat.js'));
const voiceJs = gzip(join(voiceDir, 'dist/voice.js'));
const voiceLivekitJs = gzip(join(voiceDir, 'dist/voice-livekit.js'));
// Without LiveKit a call loads the WebSocket call and its microphone worklet instead.
const voiceWsJs =
  gzip(join(voiceDir, 'dist/voice-ws.js')) + gzip(join(voiceDir, 'dist/voice-worklet.js'));

line('chat_first_script_gzip', chatJs, 'bytes', { file: 'chat.js', budget: 25 * 1024 });
line('chat_total_gzip', chatJs, 'bytes', { files: ['chat.js'] });
line('voice_first_script_gzip', voiceJs, 'bytes', { file: 'voice.js', budget: 10 * 1024 });
line('voice_total_gzip', voiceJs + voiceLivekitJs, 'bytes', {
  files: ['voice.js', 'voice-livekit.js'],
  loaded_on_call_press: voiceLivekitJs,
});
line('voice_websocket_total_gzip', voiceJs + voiceWsJs, 'bytes', {
  files: ['voice.js', 'voice-ws.js', 'voice-worklet.js'],
  loaded_on_call_press: voiceWsJs,
});

// ---------- the host page, without and with the snippet ----------

const chatSource = readFileSync(join(chatDir, 'dist/chat.js'));

/** A closed local port: the widget's agent URL (it must not be called while the page loads). */
async function closedPort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
const deadAgentOrigin = `http://127.0.0.1:${await closedPort()}`;

function hostPage(snippet) {
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) =>
      `<p>Section ${i + 1}. Our clinic is open Monday to Friday from 8:00 to 18:00 and on Saturday ` +
      `mornings. Book online or call the front desk; bring your insurance card and arrive ten ` +
      `minutes early for a first visit.</p>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Host page</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #222; }
header { background: #0f172a; color: #fff; padding: 16px 24px; }
main { max-width: 720px; margin: 0 auto; padding: 24px; }
</style>
</head>
<body>
<header><strong>Northside Clinic</strong></header>
<main>
<h1>Opening hours and bookings</h1>
${paragraphs}
</main>
${snippet}
</body>
</html>`;
}

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  const origin = `http://${req.headers.host}`;
  if (path === '/widget/chat.js') {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(chatSource);
  } else if (path === '/without.html') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostPage(''));
  } else if (path === '/with.html') {
    // The Widget tab's chat snippet (packages/dashboard/src/detail/widgetSnippets.ts).
    const snippet = [
      '<!-- Parley chat widget -->',
      '<script',
      `  src="${origin}/widget/chat.js"`,
      `  data-agent-url="${deadAgentOrigin}/v1"`,
      '  data-agent-key="app-BenchBenchBenchBenchBench"',
      '  data-agent-name="Support"',
      '  data-position="bottom-right"',
      '  data-primary-color="#667eea"',
      '  defer',
      '></script>',
    ].join('\n');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostPage(snippet));
  } else {
    res.writeHead(404).end('not found');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const siteOrigin = `http://127.0.0.1:${server.address().port}`;

/** Registered before any of the page's scripts: every long task of the load. */
function observeLongTasks() {
  window.__benchLongTasks = [];
  window.addEventListener('parley:chat-ready', () => {
    window.__benchChatReady = performance.now();
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

let agentRequests = 0;

async function load(variant, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    page.on('request', (r) => {
      if (r.url().startsWith(deadAgentOrigin)) agentRequests++;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const metric = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const get = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
      return { task: get('TaskDuration'), script: get('ScriptDuration') };
    };
    const before = await metric();
    await page.goto(`${siteOrigin}/${variant}.html`, { waitUntil: 'load' });
    // No polling of the page while it is measured (a DevTools evaluation is main-thread work
    // too): the widget boots while the page parses (a deferred script), before 'load'; a quiet
    // period catches the rest. Readiness is checked afterwards.
    await page.waitForTimeout(quietMs);
    const after = await metric();
    const longTasks = await page.evaluate(() => window.__benchLongTasks);
    const result = {
      tbt: longTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      longTasks: longTasks.length,
      taskMs: (after.task - before.task) * 1000,
      scriptMs: (after.script - before.script) * 1000,
    };
    if (variant === 'with') {
      const mounted = await page.evaluate(
        () =>
          window.__benchChatReady !== undefined &&
          !!document.querySelector('parley-chat-widget')?.shadowRoot?.querySelector('button'),
      );
      if (!mounted) throw new Error('the chat widget was not ready after the load');
      Object.assign(
        result,
        await page.evaluate(
          () =>
            new Promise((resolve, reject) => {
              const readyMs = window.__benchChatReady;
              const loadMs = performance.getEntriesByType('navigation')[0].loadEventEnd;
              const start = performance.now();
              window.ParleyChat.open();
              requestAnimationFrame(() =>
                setTimeout(() => {
                  const panel = document
                    .querySelector('parley-chat-widget')
                    .shadowRoot.querySelector('[role=dialog]');
                  if (!panel) reject(new Error('the panel did not open'));
                  resolve({ readyMs, loadMs, firstOpenMs: performance.now() - start });
                }),
              );
            }),
        ),
      );
    }
    return result;
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const round = (x) => Math.round(x * 10) / 10;

try {
  for (const cpu of cpuSlowdowns) {
    const results = { without: [], with: [] };
    // One discarded load of each first (the browser's own first-use costs).
    await load('without', cpu);
    await load('with', cpu);
    for (let i = 0; i < runs; i++) {
      const order = i % 2 ? ['with', 'without'] : ['without', 'with'];
      for (const variant of order) results[variant].push(await load(variant, cpu));
    }
    const suffix = cpu === 1 ? '' : `_cpu${cpu}x`;
    const extra = { runs, cpu_slowdown: cpu };
    for (const [key, unit, name] of [
      ['tbt', 'ms', 'tbt'],
      ['taskMs', 'ms', 'main_thread_task'],
      ['scriptMs', 'ms', 'script'],
    ]) {
      const without = median(results.without.map((r) => r[key]));
      const withChat = median(results.with.map((r) => r[key]));
      const longTasks = (variant) =>
        key === 'tbt'
          ? { long_tasks_median: median(results[variant].map((r) => r.longTasks)) }
          : {};
      line(`host_${name}_without_snippet${suffix}`, round(without), unit, {
        ...extra,
        ...longTasks('without'),
      });
      line(`host_${name}_with_chat${suffix}`, round(withChat), unit, {
        ...extra,
        ...longTasks('with'),
      });
      line(`host_${name}_added_by_chat${suffix}`, round(withChat - without), unit, {
        ...extra,
        peer: 'the same host page without the snippet',
      });
    }
    const ofWith = (key) => round(median(results.with.map((r) => r[key])));
    line(`chat_ready${suffix}`, ofWith('readyMs'), 'ms', {
      ...extra,
      from: 'navigation start',
      load_event_end_ms: ofWith('loadMs'),
    });
    line(`chat_first_open${suffix}`, ofWith('firstOpenMs'), 'ms', {
      ...extra,
      to: 'the frame after the panel is rendered',
    });
  }
  if (agentRequests > 0)
    throw new Error(`the widget called the agent URL ${agentRequests}× while the page loaded`);
} finally {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
}

// Webhooks answer in bounded time whatever they carry (issue 23, findings 1 and 5): /healthz
// probed every ~5 ms while the server takes
// - a signed WhatsApp Cloud webhook of 5,000 text messages (refused: over the 100-event cap),
// - a signed webhook of exactly 100 messages (the cap: stored and answered),
// - 4 concurrent ~8 MB nested JSON bodies streamed to /webhooks/* (refused at the 1 MB limit).
// The server runs in its own process (PGlite, as a default install), the probes and the posts
// in this one. One JSON line per figure: the webhook's answer (status, ms) and /healthz p50, p95,
// max (goals: p95 ≤ 100 ms, max ≤ 500 ms), and the same probes of the idle server first (the
// peer: what this machine's load alone costs). `npm run bench -- webhooks`.
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { newAgentId, toolsDefaults } from '@parley/api-client';
import { startTestServer } from '../apps/server/test/harness';
import { startRole } from './roleProcess';
import { pct } from './modelTiming';

const appSecret = 'bench-app-secret-0001';
const phoneNumberId = '1234567890';
const emit = (o: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'webhooks', ...o }));
const r1 = (x: number) => Math.round(x * 10) / 10;

interface Ready {
  url: string;
  callback: string;
  number: string;
}

if (process.argv[2] === 'server') {
  const server = await startTestServer({ env: { PARLEY_REPLY_POLL_MS: '1000' } });
  const user = server.newUser();
  const org = await user.withOrg('Bench Org');
  const agent = newAgentId('bench');
  await user.agents.update(agent, { organization_id: org, ...toolsDefaults, status: 'active' });
  await user.voice.syncAllProviders({ organization_id: org });
  const number = (await user.voice.phoneNumberPage(org)).phone_numbers.find(
    (n) => n.whatsapp_enabled,
  )!;
  // No agent on the number: messages are stored, no reply work runs beside the figures.
  const saved = await user.raw('PUT', `/api/integrations/organization/${org}/whatsapp_cloud`, {
    credentials: {
      phone_number_id: phoneNumberId,
      access_token: 'bench-access-token',
      app_secret: appSecret,
      verify_token: 'bench-verify-token',
    },
  });
  const callback = new URL(String(saved.body.callback_url)).pathname;
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  console.log(
    `READY ${JSON.stringify({ url: server.url, callback, number: number.phone_number })}`,
  );
} else {
  await main();
}

function payload(number: string, prefix: string, count: number) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: number.slice(1), phone_number_id: phoneNumberId },
              messages: Array.from({ length: count }, (_, i) => ({
                from: `1500555${String(1000 + (i % 200)).padStart(4, '0')}`,
                id: `${prefix}${i}`,
                timestamp: '1700000000',
                type: 'text',
                text: { body: `Message ${i} of the batch` },
              })),
            },
          },
        ],
      },
    ],
  });
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
    await new Promise((r) => setTimeout(r, 5));
  }
  return times;
}

async function timed<T>(work: () => Promise<T>) {
  const t0 = performance.now();
  const result = await work();
  return { result, ms: performance.now() - t0 };
}

function streamNested(url: string, totalBytes: number) {
  const chunk = Buffer.from('{"a":['.repeat(10_000));
  return new Promise<number>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': 'sha256=00' },
    });
    req.on('error', (e) => (answered ? undefined : reject(e)));
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('end', () => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    const pump = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

async function main() {
  const { child, ready } = await startRole(fileURLToPath(import.meta.url), 'server');
  const { url, callback, number } = JSON.parse(ready) as Ready;
  const post = (body: string) =>
    fetch(`${url}${callback}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`,
      },
      body,
    }).then(async (r) => ({ status: r.status, body: await r.text() }));
  const report = (figure: string, answer: { status: number; ms: number }, health: number[]) =>
    emit({
      figure,
      status: answer.status,
      answer_ms: r1(answer.ms),
      healthz_probes: health.length,
      healthz_p50_ms: r1(pct(health, 50)),
      healthz_p95_ms: r1(pct(health, 95)),
      healthz_max_ms: r1(Math.max(...health)),
      goal: 'healthz p95 <= 100 ms, max <= 500 ms',
    });
  try {
    // Warm-up: one message stored, a few probes.
    await post(payload(number, 'wamid.WARM', 1));
    await probe(url, new Promise((r) => setTimeout(r, 200)));
    // The peer: /healthz with nothing else to do, on this machine now (its load shows here).
    const idleRun = timed(() => new Promise((r) => setTimeout(r, 1500)));
    const idleHealth = await probe(url, idleRun);
    report('idle server (the peer: no webhook)', { status: 200, ms: 0 }, idleHealth);

    const flood = payload(number, 'wamid.FLOOD', 5000);
    const floodRun = timed(() => post(flood));
    const floodHealth = await probe(url, floodRun);
    const floodAnswer = await floodRun;
    report(
      'signed WhatsApp Cloud webhook, 5,000 messages (refused over the 100 cap)',
      { status: floodAnswer.result.status, ms: floodAnswer.ms },
      floodHealth,
    );

    // The cap, three times (new senders' threads the first time, existing threads after).
    for (const round of [1, 2, 3]) {
      const cap = payload(number, `wamid.CAP${round}.`, 100);
      const capRun = timed(() => post(cap));
      const capHealth = await probe(url, capRun);
      const capAnswer = await capRun;
      report(
        `signed WhatsApp Cloud webhook, 100 messages (the cap: all stored), round ${round}`,
        { status: capAnswer.result.status, ms: capAnswer.ms },
        capHealth,
      );
    }

    const paths = [callback, '/webhooks/twilio/messaging', callback, '/webhooks/twilio/status'];
    const bigRun = timed(() =>
      Promise.all(paths.map((p) => streamNested(`${url}${p}`, 8 * 1024 * 1024))),
    );
    const bigHealth = await probe(url, bigRun);
    const bigAnswer = await bigRun;
    report(
      '4 concurrent ~8 MB nested JSON bodies to /webhooks/* (refused at 1 MB)',
      { status: Math.max(...bigAnswer.result), ms: bigAnswer.ms },
      bigHealth,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

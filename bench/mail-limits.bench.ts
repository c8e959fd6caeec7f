// Hostile and heavy mail (issue 37): /healthz while the server takes what a stranger or a big
// tenant sends it. The server runs in its own process (PGlite in memory, as the test harness
// makes it); /healthz is probed every 20 ms from a third process (not the one sending). Figures:
//  1. a campaign of 100,000 recipients accepted (POST /messaging/mail/campaigns, a recipients
//     list): its answer and time, /healthz p50/p95/max meanwhile (goal p95 ≤ 100 ms);
//  2. four 9.5 MB mails posted to a mailbox's inbound URL at once, three rounds each of plain
//     text and of a base64 attachment (stored; the mailbox has no agent, so this is the intake
//     alone), and the hostile shapes (1,100 parts, 1,000-deep nesting, a 5 MB Subject, 100,000
//     header lines, 100,000 encoded-words, 70,000 References; each must be a 4xx): /healthz
//     p50/p95/max meanwhile (goal p95 ≤ 100 ms).
// The idle server's /healthz is measured first (5 s) as the reference of the machine's own load.
// `npm run bench -- mail-limits`; BENCH_CAMPAIGN_RECIPIENTS changes the campaign's size.
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createMailClient } from '@parley/api-client';
import { startTestServer } from '../apps/server/test/harness';
import {
  bigText,
  deepNesting,
  hugeSubject,
  manyEncodedWords,
  manyHeaderLines,
  manyParts,
  manyReferences,
} from '../apps/server/test/hostileMail';
import { startRole } from './roleProcess';
import { pct } from './modelTiming';

const emit = (o: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'mail-limits', ...o }));
const r1 = (x: number) => Math.round(x * 10) / 10;
const mailbox = 'bulk@bench.test';

/** /healthz probed every 20 ms in this process until stopped: its times (ms) and failures. */
function probeHere(url: string) {
  const times: number[] = [];
  let failed = 0;
  let on = true;
  const done = (async () => {
    while (on) {
      const t0 = performance.now();
      const ok = await fetch(`${url}/healthz`)
        .then((r) => r.text())
        .then(() => true)
        .catch(() => false);
      if (ok) times.push(performance.now() - t0);
      else failed++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      on = false;
      await done;
      return {
        healthz_probes: times.length,
        healthz_failed: failed,
        healthz_p50_ms: r1(pct(times, 50)),
        healthz_p95_ms: r1(pct(times, 95)),
        healthz_max_ms: r1(Math.max(...times)),
      };
    },
  };
}

/**
 * The prober in a process of its own: this one builds and sends megabytes of mail, and its own
 * work must not delay the probes. `start` / `stop` on its stdin; it answers `RESULT {…}`.
 */
async function startProber(url: string) {
  const { child } = await startRole(fileURLToPath(import.meta.url), 'prober', [url], {
    stdin: true,
  });
  const results: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('RESULT ')) results.shift()?.(line.slice(7));
  });
  return {
    child,
    probe: () => {
      child.stdin!.write('start\n');
      return {
        stop: () =>
          new Promise<Record<string, number>>((resolve) => {
            results.push((json) => resolve(JSON.parse(json) as Record<string, number>));
            child.stdin!.write('stop\n');
          }),
      };
    },
  };
}

async function proberRole() {
  const url = process.argv[3]!;
  let running: ReturnType<typeof probeHere> | null = null;
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'start') running = probeHere(url);
    else if (line === 'stop' && running) {
      const current = running;
      running = null;
      void current.stop().then((r) => console.log(`RESULT ${JSON.stringify(r)}`));
    }
  });
  console.log('READY {}');
}

/** A 9.5 MB mail with one base64 attachment. */
function bigAttachment(): Buffer {
  const b64 = Buffer.alloc(Math.floor(9.5 * 1024 * 1024 * 0.74), 7)
    .toString('base64')
    .replace(/(.{76})/g, '$1\r\n');
  return Buffer.from(
    [
      'From: Big <big@example.com>',
      `To: ${mailbox}`,
      'Subject: An attachment',
      `Message-ID: <att-${Math.random().toString(36).slice(2)}@example.com>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'See the attachment.',
      '--b',
      'Content-Type: application/octet-stream; name=data.bin',
      'Content-Transfer-Encoding: base64',
      '',
      b64,
      '--b--',
      '',
    ].join('\r\n'),
  );
}

async function main() {
  const count = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 100_000);
  const { child, ready } = await startRole(fileURLToPath(import.meta.url), 'server');
  const { url, inbound, cookie } = JSON.parse(ready) as {
    url: string;
    inbound: string;
    cookie: string;
  };
  const headers = { 'Content-Type': 'application/json', Cookie: cookie, Origin: url };
  const prober = await startProber(url);
  const probe = () => prober.probe();
  try {
    // 1. The campaign.
    const recipients = Array.from({ length: count }, (_, i) => ({
      email: `r${i}@bulk.example.com`,
      fields: { name: `Recipient ${i}` },
    }));
    const body = JSON.stringify({
      name: 'Everyone',
      from_email: mailbox,
      subject: 'Hello {{name}}',
      body: 'News for {{name}}.',
      recipients,
      start_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      rate_per_minute: 600,
    });
    // One small mail first: the mail worker thread starts (once per process), as after any mail.
    await fetch(inbound, {
      method: 'POST',
      headers: { 'Content-Type': 'message/rfc822' },
      body: `From: a@example.com\r\nTo: ${mailbox}\r\nSubject: Warm\r\nMessage-ID: <warm@example.com>\r\n\r\nHello\r\n`,
    }).then((r) => r.text());
    // The idle server first: on a shared machine its p95 says how much is the machine's load.
    await new Promise((r) => setTimeout(r, 1000));
    let health = probe();
    await new Promise((r) => setTimeout(r, 5000));
    const idle = await health.stop();
    emit({ figure: '/healthz of the idle server (5 s, the reference)', ...idle });
    health = probe();
    const t0 = performance.now();
    const res = await fetch(`${url}/messaging/mail/campaigns`, { method: 'POST', headers, body });
    const answer = (await res.json()) as { campaign?: { total: number } };
    const acceptedMs = performance.now() - t0;
    // A moment after the answer, as the console would list the campaigns.
    await fetch(`${url}/messaging/mail/campaigns`, { headers });
    emit({
      figure: `a campaign of ${count.toLocaleString('en-US')} recipients accepted`,
      status: res.status,
      total: answer.campaign?.total ?? null,
      body_mb: r1(body.length / 1048576),
      accepted_ms: Math.round(acceptedMs),
      ...(await health.stop()),
      goal: 'status 200, healthz p95 <= 100 ms',
    });

    // 2. Big and hostile mail at the inbound URL.
    const post = async (raw: Buffer) => {
      const r = await fetch(inbound, {
        method: 'POST',
        headers: { 'Content-Type': 'message/rfc822' },
        body: raw,
      });
      await r.text();
      return r.status;
    };
    // Every mail is made before the probing starts: this process's own work would delay its probes.
    const rounds = 3;
    const big = {
      plain_9_5mb: Array.from({ length: rounds * 4 }, () => bigText(9.5 * 1024 * 1024)),
      attachment_9_5mb: Array.from({ length: rounds * 4 }, bigAttachment),
    };
    const hostile = {
      parts_1100: manyParts(1100),
      nesting_1000: deepNesting(1000),
      subject_5mb: hugeSubject(),
      header_lines_100k: manyHeaderLines(100_000),
      encoded_words_100k: manyEncodedWords(100_000),
      references_70k: manyReferences(70_000),
    };
    // Each kind in a probing window of its own: the figure says which costs what.
    for (const [name, mails] of Object.entries(big)) {
      await new Promise((r) => setTimeout(r, 1000));
      health = probe();
      const t1 = performance.now();
      const statuses: number[] = [];
      for (let round = 0; round < rounds; round++)
        statuses.push(...(await Promise.all(mails.slice(round * 4, round * 4 + 4).map(post))));
      emit({
        figure: `four 9.5 MB mails at once at the inbound URL, ${rounds} rounds: ${name}`,
        elapsed_ms: Math.round(performance.now() - t1),
        statuses: [...new Set(statuses)],
        ...(await health.stop()),
        goal: 'every one 200; healthz p95 <= 100 ms',
      });
    }
    await new Promise((r) => setTimeout(r, 1000));
    health = probe();
    const t2 = performance.now();
    const statuses: Record<string, number[]> = {};
    for (const [name, raw] of Object.entries(hostile))
      statuses[name] = [
        ...new Set(await Promise.all([post(raw), post(raw), post(raw), post(raw)])),
      ];
    emit({
      figure: 'each hostile shape, four at once',
      elapsed_ms: Math.round(performance.now() - t2),
      statuses,
      ...(await health.stop()),
      goal: 'every one a 4xx; healthz p95 <= 100 ms',
    });
  } finally {
    prober.child.kill('SIGTERM');
    child.kill('SIGTERM');
  }
}

async function serverRole() {
  const server = await startTestServer({
    env: { PARLEY_SEND_LIMIT_PER_MINUTE: '1000000', PARLEY_SEND_LIMIT_PER_DAY: '1000000' },
  });
  const user = server.newUser();
  await user.withOrg('Bench Limits Org');
  const mail = createMailClient({ baseUrl: '/messaging', fetch: user.fetch });
  // No agent: the big mails are stored, not answered (the intake alone is measured).
  const saved = await mail.saveMailbox(mailbox, { display_name: 'Bulk' });
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  const cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  console.log(
    `READY ${JSON.stringify({ url: server.url, inbound: saved.mailbox.inbound_url, cookie })}`,
  );
}

if (process.argv[2] === 'server') await serverRole();
else if (process.argv[2] === 'prober') await proberRole();
else await main();

// The Email channel under a burst (issue 25): 1,000 raw mails posted to a mailbox's inbound URL
// at once (50 in flight), a share of them auto-replies and bulk mail, and some redelivered. Every
// mail is stored once (its POST says so; a redelivery says 'Already received'), every answerable
// one is answered exactly once (replies counted at the SMTP server by In-Reply-To, with a grace
// period for late duplicates) and the others never; the time from a mail's POST to its reply
// reaching the SMTP server (smtp-server on loopback, here), p50/p95/max, for the burst and for
// 50 single mails after it drained (goal p95 ≤ 1 s); /healthz p95 while the burst is worked off
// (goal ≤ 100 ms). The agent has no model key: the offline responder answers (what a reply costs
// without a model). The server runs in its own process (PGlite, a default install).
// `npm run bench -- mail`; BENCH_MAIL_COUNT changes the burst's size.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { createMailClient, newAgentId, toolsDefaults } from '@parley/api-client';
import { eq } from 'drizzle-orm';
import { startTestServer } from '../apps/server/test/harness';
import { agents } from '../apps/server/src/db/schema';
import { startRole } from './roleProcess';
import { pct } from './modelTiming';

const emit = (o: Record<string, unknown>) => console.log(JSON.stringify({ bench: 'mail', ...o }));
const r1 = (x: number) => Math.round(x * 10) / 10;
const mailbox = 'support@bench.test';
const password = 'bench-password-1234';

type Kind = 'answerable' | 'auto-reply' | 'bulk';
/** Every 10th mail an auto-reply, every 10th (offset 5) bulk mail: 20 % never answered. */
const kindOf = (i: number): Kind =>
  i % 10 === 3 ? 'auto-reply' : i % 10 === 8 ? 'bulk' : 'answerable';

function rawMail(id: string, i: number, kind: Kind) {
  const headers = [
    `From: Person ${i} <person${i}@example.com>`,
    `To: ${mailbox}`,
    `Subject: Question ${i}`,
    `Message-ID: ${id}`,
    ...(kind === 'auto-reply' ? ['Auto-Submitted: auto-replied'] : []),
    ...(kind === 'bulk' ? ['Precedence: bulk'] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ];
  return `${headers.join('\r\n')}\r\n\r\nHello, question number ${i}: do you ship abroad?\r\n`;
}

async function main() {
  const count = Number(process.env.BENCH_MAIL_COUNT ?? 1000);
  /** In-Reply-To → when each reply reached the SMTP server (ms, performance.now()). */
  const replies = new Map<string, number[]>();
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _s, cb) =>
      auth.password === password ? cb(null, { user: auth.username }) : cb(new Error('no')),
    onData: (stream, _s, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const at = performance.now();
        const head =
          Buffer.concat(chunks)
            .toString('utf8')
            .split(/\r?\n\r?\n/)[0] ?? '';
        const inReplyTo = /^In-Reply-To:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '(none)';
        replies.set(inReplyTo, [...(replies.get(inReplyTo) ?? []), at]);
        cb();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const { child, ready } = await startRole(fileURLToPath(import.meta.url), 'server', [
    String(smtpPort),
  ]);
  const { url, inbound } = JSON.parse(ready) as { url: string; inbound: string };
  /** One POST; a connection reset (keep-alive race) is tried again: the Message-ID makes it safe. */
  const post = async (raw: string) => {
    let retried = false;
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await fetch(inbound, {
          method: 'POST',
          headers: { 'Content-Type': 'message/rfc822' },
          body: raw,
        });
        const body = (await r.json()) as { stored: boolean; reply_queued: boolean };
        return { status: r.status, body, retried };
      } catch (error) {
        if (attempt >= 3) throw error;
        retried = true;
      }
    }
  };
  const health: number[] = [];
  let healthFailures = 0;
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const t0 = performance.now();
      const ok = await fetch(`${url}/healthz`)
        .then((r) => r.text())
        .then(() => true)
        .catch(() => false);
      if (ok) health.push(performance.now() - t0);
      else healthFailures++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const mails = Array.from({ length: count }, (_, i) => ({
      i,
      id: `<burst-${i}@example.com>`,
      kind: kindOf(i),
      postedAt: 0,
    }));
    let stored = 0;
    let wrong = 0;
    // The burst: 50 in flight; every 20th mail is posted a second time (a redelivery).
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < mails.length) {
          const m = mails[next++]!;
          m.postedAt = performance.now();
          const raw = rawMail(m.id, m.i, m.kind);
          const first = await post(raw);
          // A retried POST whose first try got through answers 'Already received': stored once.
          if (first.status === 200 && (first.body.stored || first.retried)) stored++;
          else wrong++;
          if (!first.retried && first.body.reply_queued !== (m.kind === 'answerable')) wrong++;
          if (m.i % 20 === 0) {
            const again = await post(raw);
            if (again.body.stored || again.body.reply_queued) wrong++;
          }
        }
      }),
    );
    const postedMs = performance.now() - t0;
    const answerable = mails.filter((m) => m.kind === 'answerable');
    const deadline = performance.now() + 600_000;
    while (answerable.some((m) => !replies.has(m.id)) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const drainedMs = performance.now() - t0;
    // Late duplicates would arrive within this grace period.
    await new Promise((r) => setTimeout(r, 3000));
    probing = false;
    await prober;
    const latencies = answerable
      .filter((m) => replies.has(m.id))
      .map((m) => replies.get(m.id)![0]! - m.postedAt);
    emit({
      figure: `burst of ${count} inbound mails (${answerable.length} answerable, ${count - answerable.length} auto-replies/bulk, ${Math.ceil(count / 20)} redelivered)`,
      posted_ms: Math.round(postedMs),
      drained_ms: Math.round(drainedMs),
      stored_once: stored,
      wrong_post_answers: wrong,
      answered: answerable.filter((m) => replies.get(m.id)?.length === 1).length,
      answered_twice: answerable.filter((m) => (replies.get(m.id)?.length ?? 0) > 1).length,
      unanswerable_answered: mails.filter((m) => m.kind !== 'answerable' && replies.has(m.id))
        .length,
      reply_p50_ms: r1(pct(latencies, 50)),
      reply_p95_ms: r1(pct(latencies, 95)),
      reply_max_ms: r1(Math.max(...latencies)),
      healthz_probes: health.length,
      healthz_failed: healthFailures,
      healthz_p50_ms: r1(pct(health, 50)),
      healthz_p95_ms: r1(pct(health, 95)),
      healthz_max_ms: r1(Math.max(...health)),
      goal: 'every mail stored once, every answerable one answered once; healthz p95 <= 100 ms',
    });

    // After the burst drained: 50 single mails, one at a time.
    const single: number[] = [];
    for (let i = 0; i < 50; i++) {
      const id = `<after-${i}@example.com>`;
      const at = performance.now();
      await post(rawMail(id, count + i, 'answerable'));
      while (!replies.has(id) && performance.now() - at < 30_000)
        await new Promise((r) => setTimeout(r, 5));
      if (replies.has(id)) single.push(replies.get(id)![0]! - at);
    }
    emit({
      figure: '50 single inbound mails after the burst drained (one at a time)',
      answered: single.length,
      reply_p50_ms: r1(pct(single, 50)),
      reply_p95_ms: r1(pct(single, 95)),
      reply_max_ms: r1(Math.max(...single)),
      goal: 'p95 <= 1000 ms',
    });
  } finally {
    probing = false;
    child.kill('SIGTERM');
    smtp.close();
  }
}

async function serverRole() {
  const smtpPort = Number(process.argv[3]);
  const server = await startTestServer({
    env: {
      PARLEY_MAIL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_REPLY_POLL_MS: '200',
      PARLEY_REPLY_RETRY_SECONDS: '1',
      PARLEY_SEND_LIMIT_PER_MINUTE: '1000000',
      PARLEY_SEND_LIMIT_PER_DAY: '1000000',
    },
  });
  const user = server.newUser();
  const org = await user.withOrg('Bench Mail Org');
  const agent = newAgentId('mailbench');
  await user.agents.update(agent, {
    organization_id: org,
    ...toolsDefaults,
    system_prompt: 'You answer email.',
    status: 'active',
  });
  const mail = createMailClient({ baseUrl: '/messaging', fetch: user.fetch });
  const saved = await mail.saveMailbox(mailbox, {
    smtp: { host: '127.0.0.1', port: smtpPort, secure: false, username: mailbox, password },
  });
  const [row] = await server.db.select().from(agents).where(eq(agents.agentName, agent));
  await mail.mapAgent({
    email_address: mailbox,
    agent_url: `agent:${agent}`,
    api_key: row?.chatbotKey || agent,
  });
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  console.log(`READY ${JSON.stringify({ url: server.url, inbound: saved.mailbox.inbound_url })}`);
}

if (process.argv[2] === 'server') await serverRole();
else await main();

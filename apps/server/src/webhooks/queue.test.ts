import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { dropFreshDatabase, freshPostgresUrl } from '../../test/harness';
import { pgliteTemplate } from '../../test/pgliteTemplate';
import { startReceiver, type Receiver } from '../../test/webhookReceiver';
import { openDatabase, type Database, type Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { organization, webhooks } from '../db/schema';
import { emitEvent } from '../events/emit';
import { listenForJobs } from '../lib/jobs';
import { allowHostsFrom } from '../lib/outbound';
import { createSecretBox } from '../lib/secrets';
import { retrySecondsFrom } from './config';
import { retryDelay, startDeliveryWorker, type DeliveryDeps } from './queue';
import { webhookFetch } from './send';
import { newSigningSecret } from './secret';

/**
 * The delivery queue with two processes on one database (PostgreSQL: two connection pools, as two
 * servers have; PGlite: one database): every event delivered exactly once, a conversation's in
 * order; and the retry schedule's arithmetic.
 */

let database: Database;
let other: Database | null = null;
let url: string | undefined;
let receiver: Receiver;
const box = createSecretBox('queue-test-secret');
const secret = newSigningSecret();
const quiet = { error: () => {}, warn: () => {}, info: () => {} };

beforeAll(async () => {
  url = await freshPostgresUrl();
  database = await openDatabase({ url, template: url ? undefined : await pgliteTemplate() });
  if (url) other = await openDatabase({ url });
  receiver = await startReceiver();
  await database.db.insert(organization).values({ id: 'org-q', name: 'Q', slug: 'org-q' });
  await database.db.insert(webhooks).values({
    organizationId: 'org-q',
    url: `${receiver.url}/q`,
    events: ['*'],
    secret: box.encrypt(secret),
  });
});
afterAll(async () => {
  await receiver?.close();
  await other?.close();
  await database?.close();
  await dropFreshDatabase(url);
});

const deps = (db: Db): DeliveryDeps => {
  const allowHost = allowHostsFrom('127.0.0.1');
  return {
    db,
    secrets: box,
    logger: quiet,
    retrySeconds: [0, 0],
    allowHost,
    send: webhookFetch('127.0.0.1', allowHost),
    concurrency: 4,
  };
};

describe('the delivery queue', () => {
  it('two processes deliver every event exactly once, each conversation’s in order', async () => {
    const conversations = Array.from({ length: 6 }, () => crypto.randomUUID());
    const workers = [
      startDeliveryWorker(deps(database.db), { pollMs: 200 }),
      startDeliveryWorker(deps(other?.db ?? database.db), { pollMs: 200 }),
    ];
    const unlisten = await Promise.all([
      listenForJobs(database.listen, [workers[0]!]),
      listenForJobs((other ?? database).listen, [workers[1]!]),
    ]);
    try {
      // 120 events, 20 per conversation, written from both "processes" at once.
      await Promise.all(
        [database.db, other?.db ?? database.db].map(async (db, side) => {
          for (let i = 0; i < 60; i++) {
            const conversation = conversations[(i + side) % conversations.length]!;
            await db.transaction((tx) =>
              emitEvent(tx, {
                type: 'conversation.started',
                organizationId: 'org-q',
                data: { conversation_id: conversation, n: side * 1000 + i },
              }),
            );
          }
        }),
      );
      await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(120);
    } finally {
      await Promise.all(unlisten.map((u) => u()));
      await Promise.all(workers.map((w) => w.stop()));
    }
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(120);
    for (const r of receiver.received)
      expect(new Webhook(secret).verify(r.body, r.headers)).toBeTruthy();
    // Per conversation, the receiver got them in the outbox's order.
    const written = rowsOf(
      await database.db.execute(sql`SELECT event_id FROM webhook_deliveries ORDER BY seq`),
    );
    const order = new Map(written.map((w, i) => [String(w.event_id), i]));
    for (const c of conversations) {
      const got = receiver.received
        .filter(
          (r) =>
            (JSON.parse(r.body) as { data: { conversation_id: string } }).data.conversation_id ===
            c,
        )
        .map((r) => order.get(r.headers['webhook-id']!)!);
      expect(got).toEqual([...got].sort((a, b) => a - b));
    }
    const [left] = rowsOf(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'delivered'`,
      ),
    );
    expect(left!.n).toBe(0);
    const [attempts] = rowsOf(
      await database.db.execute(sql`SELECT max(attempts)::int AS n FROM webhook_deliveries`),
    );
    expect(attempts!.n).toBe(1);
  });

  it('the retry schedule: the default, an operator’s, none, and bad values refused', () => {
    const schedule = retrySecondsFrom(undefined);
    expect(schedule).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect([1, 2, 7, 8].map((n) => retryDelay(schedule, n))).toEqual([5, 300, 36000, null]);
    expect(retrySecondsFrom('1,1,1')).toEqual([1, 1, 1]);
    expect(retrySecondsFrom('')).toEqual([]);
    expect(retryDelay([], 1)).toBeNull();
    for (const bad of ['1,x', '-1', '1.5', '9999999'])
      expect(() => retrySecondsFrom(bad)).toThrow(/PARLEY_WEBHOOK_RETRY_SECONDS/);
  });
});

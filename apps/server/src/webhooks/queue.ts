import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { webhookDeliveries } from '../db/schema';
import { startWorker, type Queue, type Worker } from '../lib/jobs';
import { databaseNow, leaseValue, lockInTurns, Turns, type JobTable } from '../lib/jobTable';
import type { AllowHost, FetchFn } from '../lib/outbound';
import type { SecretBox } from '../lib/secrets';
import { deliveryLimits } from './config';
import { postEvent, type AttemptResult } from './send';
import { signedHeaders } from './secret';
import { payloadOf } from './store';

const d = webhookDeliveries;

/**
 * The delivery queue on the job runner (lib/jobs.ts): each pending delivery is a job, claimed with
 * SKIP LOCKED and a lease (one process makes each attempt), organizations in turns. A
 * conversation's deliveries to one webhook go one at a time, in the order their events happened:
 * one waits while an earlier one of the same conversation is pending (in flight, or waiting for
 * its retry). Deliveries of a disabled webhook wait until it is turned back on.
 */
export const deliveryTable: JobTable<typeof webhookDeliveries> = {
  table: d,
  id: d.id,
  owner: d.organizationId,
  order: d.seq,
  ready: (now) =>
    sql`${d.status} = 'pending' AND ${d.lockedAt} IS NULL AND ${d.nextAttemptAt} <= ${now}`,
  claimed: sql`${d.status} = 'pending' AND ${d.lockedAt} IS NOT NULL`,
  lease: { column: d.lockedAt, holds: 'start', ms: deliveryLimits.leaseMs },
};

/** Claimable besides due: its webhook is on, and nothing earlier of its conversation is pending. */
const inOrder = sql`EXISTS (SELECT 1 FROM webhooks w WHERE w.id = ${d.webhookId} AND w.enabled)
  AND (${d.conversationId} IS NULL OR NOT EXISTS (
    SELECT 1 FROM webhook_deliveries e
    WHERE e.webhook_id = ${d.webhookId} AND e.conversation_id = ${d.conversationId}
      AND e.status = 'pending' AND e.seq < ${d.seq}))`;

export interface DeliveryDeps {
  db: Db;
  secrets: SecretBox;
  logger: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** Seconds to wait after the 1st, 2nd … failed attempt; then `failed`. */
  retrySeconds: readonly number[];
  allowHost: AllowHost;
  send: FetchFn;
  concurrency: number;
  /** Told when the server disables a webhook (e-mail to the owners: webhooks/disable.ts). */
  onDisabled?: (hook: DisabledWebhook) => Promise<void>;
}

export interface DisabledWebhook {
  id: string;
  organizationId: string;
  url: string;
  reason: string;
}

/** A claimed delivery with what its attempt needs. */
export interface DeliveryJob {
  id: string;
  attempts: number;
  webhookId: string;
  url: string;
  /** The secrets it is signed with (the current one first). */
  secrets: string[];
  eventId: string;
  body: string;
}

/**
 * Claims up to `room` deliveries in one transaction: locked in turns (lockInTurns: SKIP LOCKED,
 * a lapsed lease taken up), then marked claimed — attempts + 1, the lease — reading back in the
 * same statement what the attempts need (the webhook's URL and secrets, the event).
 */
async function claimJobs(deps: DeliveryDeps, room: number, turns: Turns): Promise<DeliveryJob[]> {
  const rows = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const candidates = await lockInTurns(tx, deliveryTable, { limit: room, turns, where: inOrder });
    if (!candidates.length) return [];
    turns.last = candidates.at(-1)!.owner;
    const ids = sql.join(
      candidates.map((c) => sql`${c.id}::uuid`),
      sql`, `,
    );
    return rowsOf(
      await tx.execute(sql`UPDATE webhook_deliveries d
        SET attempts = d.attempts + 1, locked_at = ${leaseValue(deliveryTable.lease, databaseNow)}
        FROM webhooks w, outbound_events e
        WHERE d.id IN (${ids}) AND w.id = d.webhook_id AND e.id = d.event_id
        RETURNING d.id, d.attempts, d.webhook_id, d.event_id, d.seq, w.url, w.secret,
          w.previous_secret, w.previous_secret_until, e.type, e.data, e.created_at`),
    );
  });
  const now = Date.now();
  const date = (v: unknown) => (v == null ? null : new Date(v as string | Date));
  return rows
    .sort((x, y) => Number(x.seq) - Number(y.seq))
    .map((r) => {
      const secrets = [deps.secrets.decrypt(String(r.secret))];
      const until = date(r.previous_secret_until);
      if (r.previous_secret && until && until.getTime() > now)
        secrets.push(deps.secrets.decrypt(String(r.previous_secret)));
      const data = typeof r.data === 'string' ? (JSON.parse(r.data) as object) : r.data;
      return {
        id: String(r.id),
        attempts: Number(r.attempts),
        webhookId: String(r.webhook_id),
        url: String(r.url),
        secrets,
        eventId: String(r.event_id),
        body: JSON.stringify(
          payloadOf({
            type: String(r.type),
            createdAt: date(r.created_at)!,
            data: data as Record<string, unknown>,
          }),
        ),
      };
    });
}

/** The wait before the next attempt after `attempts` failed ones; null: no attempt is left. */
export const retryDelay = (retrySeconds: readonly number[], attempts: number): number | null =>
  attempts >= 1 && attempts <= retrySeconds.length ? retrySeconds[attempts - 1]! : null;

/**
 * Writes an attempt's result (only while this process still holds the claim: same attempt, still
 * pending), then the webhook's health: a success clears `failing_since`; a failure starts it, and
 * 5 days of failures disable the webhook.
 */
export async function recordAttempt(
  deps: Pick<DeliveryDeps, 'db' | 'retrySeconds' | 'onDisabled' | 'logger'>,
  job: Pick<DeliveryJob, 'id' | 'attempts' | 'webhookId'>,
  result: AttemptResult,
  /** When this process last wrote each webhook's success (its row is written once a minute). */
  wellAt: Map<string, number> = new Map(),
): Promise<void> {
  const { db } = deps;
  const held = and(eq(d.id, job.id), eq(d.attempts, job.attempts), eq(d.status, 'pending'));
  const seen = {
    lastStatusCode: result.statusCode,
    lastError: result.error,
    lastResponse: result.response,
    lockedAt: null,
  };
  if (result.ok) {
    await db
      .update(d)
      .set({ ...seen, status: 'delivered', deliveredAt: sql`now()` })
      .where(held);
    // The webhook row is written at most once a minute while all is well (many deliveries, many
    // processes: one row), and not even read in between by this process.
    const last = wellAt.get(job.webhookId);
    if (last !== undefined && Date.now() - last < 60_000) return;
    wellAt.set(job.webhookId, Date.now());
    await db.execute(sql`UPDATE webhooks SET failing_since = NULL, last_success_at = now()
      WHERE id = ${job.webhookId} AND (failing_since IS NOT NULL OR last_success_at IS NULL
        OR last_success_at < now() - interval '60 seconds')`);
    return;
  }
  wellAt.delete(job.webhookId);
  const wait = retryDelay(deps.retrySeconds, job.attempts);
  await db
    .update(d)
    .set(
      wait === null
        ? { ...seen, status: 'failed' }
        : { ...seen, nextAttemptAt: sql`now() + make_interval(secs => ${wait})` },
    )
    .where(held);
  await db.execute(sql`UPDATE webhooks SET failing_since = now()
    WHERE id = ${job.webhookId} AND failing_since IS NULL`);
  const days = deliveryLimits.disableAfterMs / 86_400_000;
  const reason = `Every delivery failed for ${days} days (last: ${result.error ?? 'no answer'})`;
  const [disabled] = rowsOf(
    await db.execute(sql`UPDATE webhooks SET enabled = false, disabled_at = now(),
        disabled_reason = ${reason.slice(0, 600)}, updated_at = now()
      WHERE id = ${job.webhookId} AND enabled
        AND failing_since <= now() - make_interval(secs => ${deliveryLimits.disableAfterMs / 1000})
      RETURNING id, organization_id, url, disabled_reason`),
  );
  if (disabled && deps.onDisabled)
    await deps
      .onDisabled({
        id: String(disabled.id),
        organizationId: String(disabled.organization_id),
        url: String(disabled.url),
        reason: String(disabled.disabled_reason),
      })
      .catch((err: unknown) =>
        deps.logger.error(
          { err, webhook: disabled.id },
          'the owners were not told of a disabled webhook',
        ),
      );
}

/** Makes one attempt of a claimed delivery and records it. */
export async function attemptDelivery(
  deps: DeliveryDeps,
  job: DeliveryJob,
  wellAt?: Map<string, number>,
): Promise<void> {
  const headers = signedHeaders(job.secrets, job.eventId, job.body, new Date());
  const result = await postEvent(deps.send, job.url, deps.allowHost, headers, job.body);
  await recordAttempt(deps, job, result, wellAt);
}

/** The delivery queue (see deliveryTable): claims as many as there is room for, in one go. */
export function deliveryQueue(deps: DeliveryDeps): Queue<DeliveryJob> {
  const turns = new Turns();
  const wellAt = new Map<string, number>();
  return {
    name: 'webhook_deliveries',
    claim: (room) => claimJobs(deps, room, turns),
    run: (job) => attemptDelivery(deps, job, wellAt),
    concurrency: deps.concurrency,
    nextDueAt: async () => {
      const [row] = rowsOf(
        await deps.db.execute(sql`SELECT min(next_attempt_at) AS at FROM webhook_deliveries
          WHERE status = 'pending' AND locked_at IS NULL AND next_attempt_at > ${databaseNow}`),
      );
      return row?.at ? new Date(row.at as string) : null;
    },
  };
}

/** The delivery worker of this process (woken by the NOTIFY of a new delivery, lib/jobs). */
export function startDeliveryWorker(
  deps: DeliveryDeps,
  options: { pollMs?: number; manual?: boolean } = {},
): Worker {
  return startWorker(deliveryQueue(deps), {
    logger: deps.logger,
    pollMs: options.pollMs ?? 5000,
    manual: options.manual,
  });
}

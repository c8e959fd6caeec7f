import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PurgeCounts } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { privacyPurges } from '../db/schema';
import { writeAudit } from '../audit/log';
import { startWorker, type Worker } from '../lib/jobs';
import { claimRows, Turns, type JobTable } from '../lib/jobTable';
import { addCounts, emptyCounts, purgePhases } from './retention';

/**
 * The retention job on the job runner (lib/jobs.ts): the privacy_purges rows are its queue. Each
 * round's sweep queues one retention purge per organization with `retention_days` set whose last
 * one is older than the interval (a partial unique index keeps one waiting or running per
 * organization, whichever process queues it); a claim takes a purge (SKIP LOCKED, a lease,
 * organizations in turns) and runs its phases batch by batch (privacy/retention.ts). The claim
 * counts an attempt: a batch writes only while its attempt still holds the purge (a process that
 * lost its lease stops, and its last batch rolls back), so what a purge removed is counted once
 * however often it was taken over. A purge asked for through the API runs the same way in the
 * request's process (`runRequested`).
 */
export type PurgeRow = typeof privacyPurges.$inferSelect;

/** A claimed purge's lease (renewed by every batch). */
export const purgeLeaseMs = 60_000;
/** Claims of one purge before it is marked failed. */
export const maxPurgeAttempts = 5;

export interface RetentionOptions {
  /** Rounds of the worker (the sweep and the claims). */
  pollMs: number;
  /** How often an organization's retention purge runs. */
  everyMs: number;
  /** A pause between batches (ms; default: only a turn of the event loop). */
  pauseMs?: number;
  /** No rounds of its own (tests run `runRound`). */
  manual?: boolean;
  /**
   * Fresh planner statistics of conversations and messages before each purge: PGlite has no
   * autovacuum, and with the statistics of an empty table its plans scan every message per batch.
   */
  refreshStatistics?: boolean;
}

export function retentionOptionsFrom(env: Record<string, string | undefined>): RetentionOptions {
  const positive = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    pollMs: positive(env.PARLEY_RETENTION_POLL_MS, 60_000),
    everyMs: positive(env.PARLEY_RETENTION_EVERY_MINUTES, 60) * 60_000,
    pauseMs: Number(env.PARLEY_RETENTION_PAUSE_MS ?? 0) || 0,
  };
}

export const purgeTable: JobTable<typeof privacyPurges> = {
  table: privacyPurges,
  id: privacyPurges.id,
  owner: privacyPurges.organizationId,
  order: privacyPurges.createdAt,
  ready: () => sql`${privacyPurges.status} = 'queued'`,
  claimed: sql`${privacyPurges.status} = 'running'`,
  lease: { column: privacyPurges.lockedAt, holds: 'start', ms: purgeLeaseMs },
};

/**
 * The sweep: a retention purge for each organization whose retention is set and whose last one
 * was queued longer than `everyMs` ago; finished purges older than 90 days are forgotten.
 * Returns how many were queued.
 */
export async function scheduleRetention(db: Db, everyMs: number): Promise<number> {
  const queued = rowsOf(
    await db.execute(sql`INSERT INTO privacy_purges (organization_id, trigger, cutoff)
      SELECT s.organization_id, 'retention', now() - make_interval(days => s.retention_days)
      FROM privacy_settings s
      WHERE s.retention_days IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM privacy_purges p WHERE p.organization_id = s.organization_id
          AND p.trigger = 'retention'
          AND (p.status IN ('queued', 'running')
            OR p.created_at > now() - make_interval(secs => ${everyMs / 1000})))
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  await db.execute(sql`DELETE FROM privacy_purges
    WHERE status IN ('done', 'failed') AND created_at < now() - interval '90 days'`);
  return queued.length;
}

class LeaseLost extends Error {}

/** Stops a purge between two batches (the server closes). */
export interface PurgeControl {
  signal?: AbortSignal;
  pauseMs?: number;
  logger?: Pick<Logger, 'error' | 'warn'>;
  /** See RetentionOptions.refreshStatistics. */
  refreshStatistics?: boolean;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/**
 * Runs a claimed purge (its attempt is `purge.attempts`) to its end: each batch removes and adds
 * what it removed to the row in one transaction, while the attempt still holds it. Returns the
 * finished row, or null when it stopped (asked to, or the purge was taken over).
 */
export async function runPurge(
  db: Db,
  purge: PurgeRow,
  control: PurgeControl = {},
): Promise<PurgeRow | null> {
  const mine = and(
    eq(privacyPurges.id, purge.id),
    eq(privacyPurges.status, 'running'),
    eq(privacyPurges.attempts, purge.attempts),
  );
  if (purge.attempts > maxPurgeAttempts) {
    const [failed] = await db
      .update(privacyPurges)
      .set({ status: 'failed', finishedAt: new Date(), error: 'Stopped after 5 attempts' })
      .where(mine)
      .returning();
    return failed ?? null;
  }
  let total = addCounts(emptyCounts(), purge.removed as Partial<PurgeCounts>);
  if (control.refreshStatistics)
    await db.execute(sql`ANALYZE conversations, messages`).catch((err: unknown) => {
      control.logger?.warn({ err }, 'purge: ANALYZE failed; the purge goes on');
    });
  try {
    for (const phase of purgePhases) {
      for (;;) {
        if (control.signal?.aborted) return null;
        const step = await db.transaction(async (tx) => {
          const done = await phase.step(tx as unknown as Db, purge.organizationId, purge.cutoff);
          const next = addCounts(total, done.removed);
          const kept = await tx
            .update(privacyPurges)
            .set({ removed: next, lockedAt: sql`now()` })
            .where(mine)
            .returning({ id: privacyPurges.id });
          if (!kept.length) throw new LeaseLost();
          total = next;
          return done;
        });
        if (!step.more) break;
        await pause(control.pauseMs ?? 0);
      }
    }
  } catch (error) {
    if (error instanceof LeaseLost) return null;
    control.logger?.error({ err: error, purge: purge.id }, 'purge batch failed');
    await db
      .update(privacyPurges)
      .set({ error: String((error as Error).message ?? error).slice(0, 500) })
      .where(mine)
      .catch(() => undefined);
    // Left running: a claim takes it up again once its lease lapses (up to maxPurgeAttempts).
    return null;
  }
  const [done] = await db
    .update(privacyPurges)
    .set({ status: 'done', finishedAt: new Date(), error: null })
    .where(mine)
    .returning();
  if (done && done.trigger === 'retention' && Object.values(total).some((n) => n > 0))
    await writeAudit(db, {
      organizationId: done.organizationId,
      actor: { type: 'system', id: 'retention', email: null },
      action: 'privacy.purge',
      target: { type: 'organization', id: done.organizationId },
      changes: [
        { field: 'older_than', before: null, after: done.cutoff.toISOString() },
        { field: 'trigger', before: null, after: 'retention' },
        ...Object.entries(total).map(([field, after]) => ({ field, before: null, after })),
      ],
    });
  return done ?? null;
}

/** Claims up to `room` purges (queued, or running with a lapsed lease), counting an attempt. */
export function claimPurges(db: Db, room: number, turns?: Turns): Promise<PurgeRow[]> {
  return claimRows(db, purgeTable, {
    limit: room,
    turns,
    set: { status: 'running', attempts: sql`${privacyPurges.attempts} + 1` },
  });
}

export interface RetentionWorker extends Worker {
  /** A purge asked for now: queued as running by this process and run here (see runPurge). */
  runRequested(input: { organizationId: string; cutoff: Date; requestedBy: string | null }): {
    row: Promise<PurgeRow>;
    done: Promise<PurgeRow | null>;
  };
  /** The purges asked for that are still running here (tests). */
  readonly requested: number;
}

/** The retention worker of this process (one purge at a time per process). */
export function startRetentionWorker(
  deps: { db: Db; logger: Logger },
  options: RetentionOptions,
): RetentionWorker {
  const { db, logger } = deps;
  const stopping = new AbortController();
  const turns = new Turns();
  const control: PurgeControl = {
    signal: stopping.signal,
    pauseMs: options.pauseMs,
    logger,
    refreshStatistics: options.refreshStatistics,
  };
  const worker = startWorker<PurgeRow>(
    {
      name: 'privacy_purges',
      claim: (room) => claimPurges(db, room, turns),
      run: (purge) => runPurge(db, purge, control),
      sweep: () => scheduleRetention(db, options.everyMs),
    },
    { logger, pollMs: options.pollMs, manual: options.manual },
  );
  const running = new Set<Promise<unknown>>();
  return {
    name: worker.name,
    wake: () => worker.wake(),
    idle: () => worker.idle(),
    get requested() {
      return running.size;
    },
    runRequested(input) {
      const row = db
        .insert(privacyPurges)
        .values({
          organizationId: input.organizationId,
          trigger: 'request',
          cutoff: input.cutoff,
          status: 'running',
          attempts: 1,
          lockedAt: sql`now()`,
          requestedBy: input.requestedBy,
        })
        .returning()
        .then(([r]) => r!);
      const done = row.then((r) => runPurge(db, r, control));
      const tracked = done.catch((err: unknown) => logger.error({ err }, 'purge failed'));
      running.add(tracked);
      void tracked.finally(() => running.delete(tracked));
      return { row, done };
    },
    stop: async () => {
      stopping.abort();
      await worker.stop();
      await Promise.all([...running]);
    },
  };
}

declare module '../lib/env' {
  interface Services {
    /** The retention worker (createServer makes it; absent in bare apps). */
    retention?: RetentionWorker;
  }
}

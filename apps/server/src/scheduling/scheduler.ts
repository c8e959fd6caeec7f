import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { drain, startWorker, type Queue } from '../lib/jobs';
import { claimDue, newRound, type Round } from './claim';
import { iso, type SchedulerDeps } from './deps';
import { processBatch } from './dial';
import { expirePaused, finishEnded } from './finish';

/**
 * The scheduler of outbound calls, on the job runner (lib/jobs.ts): its jobs are batches of due
 * events, claimed (claim.ts: SKIP LOCKED, a lease, organizations in turns, the concurrency cap),
 * checked against the policy (guard.ts), dialled (dial.ts); the calls' ends recorded (finish.ts).
 */
export { claimDue, newRound, type Round } from './claim';
export { schedulerDeps, type SchedulerDeps, type SchedulerOptions } from './deps';
export { processBatch, processClaim } from './dial';
export { expirePaused, finishCall, finishCalls, finishEnded } from './finish';

/** Housekeeping: calls that ended are recorded, pending events whose window passed expire. */
export async function sweep(deps: SchedulerDeps): Promise<number> {
  return (await finishEnded(deps)) + (await expirePaused(deps));
}

/** A claimed batch and what its round read once. */
interface Batch {
  ids: string[];
  round: Round;
}

/**
 * The scheduler's queue: each claim is one batch (read afresh: the organizations' settings and
 * providers once per batch), up to `inFlight` batches dialling at once, so a burst's claims,
 * guards, dials and write-backs overlap instead of running one batch after another. The claim
 * counts the calls the batches in flight hold (they are `in_progress`), so the cap holds.
 */
function schedulerQueue(deps: SchedulerDeps, counted?: { n: number }): Queue<Batch> {
  return {
    name: 'scheduled_events',
    claim: async () => {
      const round = newRound();
      const ids = await claimDue(deps, round);
      if (counted) counted.n += ids.length;
      return ids.length ? [{ ids, round }] : [];
    },
    run: ({ ids, round }) =>
      processBatch(deps, ids, round).catch((err: unknown) =>
        deps.logger.error({ err }, 'scheduled calls not processed'),
      ),
    concurrency: deps.inFlight,
  };
}

/** Claims and dials batch after batch until nothing due is left; returns the events dialled. */
async function dialDue(deps: SchedulerDeps): Promise<number> {
  const counted = { n: 0 };
  await drain(schedulerQueue(deps, counted), { logger: deps.logger, now: () => deps.clock.now() });
  return counted.n;
}

/**
 * One round: pending events whose window passed while dialling was paused expire; what is due is
 * claimed and dialled (first: a due call is what cannot wait); then calls that ended are
 * recorded, and when that freed places under the cap, what waited for them is dialled. Returns
 * events dialled.
 */
export async function runOnce(deps: SchedulerDeps): Promise<number> {
  await expirePaused(deps);
  let total = await dialDue(deps);
  if (await finishEnded(deps)) total += await dialDue(deps);
  return total;
}

/**
 * When the next piece of work falls due: a pending event's next attempt, a claim's lease, a
 * running call's deadline (the sandbox's end of call, or the provider's time-out). Past times
 * included (the caller keeps what lies ahead).
 */
export async function nextDueAt(deps: Pick<SchedulerDeps, 'db' | 'clock'>): Promise<Date | null> {
  const now = iso(deps.clock.now());
  const [row] = rowsOf(
    await deps.db.execute(sql`SELECT least(
        (SELECT min(next_attempt_at) FROM scheduled_events
          WHERE status = 'scheduled' AND next_attempt_at > ${now}::timestamptz),
        (SELECT min(coalesce(lease_until, call_deadline)) FROM scheduled_events
          WHERE status = 'in_progress' AND coalesce(lease_until, call_deadline) > ${now}::timestamptz)
      ) AS at`),
  );
  return row?.at ? new Date(row.at as string) : null;
}

export interface Scheduler {
  readonly name: string;
  /** Runs a round now (after an event was created or a call ended). */
  wake(): void;
  stop(): Promise<void>;
  readonly deps: SchedulerDeps;
}

/**
 * The scheduler in the server process (the job runner's worker): a round every `pollMs`, when
 * woken (an event created or changed, a call ended, the NOTIFY of a new event from another
 * process), and at the moment the next piece of work falls due when that comes before the next
 * round — a call due at 09:00:00.300 starts then, not at the next round. Each round claims and
 * dials what is due first, then records the calls that ended and expires what waited past its
 * window (`sweep`), and claims again when that freed places under the cap. `manual`: no rounds at
 * all (a test runs them with runOnce).
 */
export function startScheduler(
  deps: SchedulerDeps,
  pollMs = 1000,
  options: { manual?: boolean } = {},
): Scheduler {
  const worker = startWorker(
    {
      ...schedulerQueue(deps),
      sweep: () => sweep(deps),
      nextDueAt: () => nextDueAt(deps),
    },
    { logger: deps.logger, pollMs, manual: options.manual, now: () => deps.clock.now() },
  );
  return { deps, name: worker.name, wake: () => worker.wake(), stop: () => worker.stop() };
}

import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { scheduledEvents, schedulingSettings } from '../db/schema';
import { claimRows, timeOf, Turns, type Candidate, type JobTable } from '../lib/jobTable';
import type { telephonyFor } from '../telephony/resolve';
import { admit, groupBy } from './admission';
import type { SchedulerDeps } from './deps';
import type { EventRow } from './events';
import type { settingsRow } from './settings';

/**
 * The scheduled events as a queue of the job runner: 'scheduled' and due (the next attempt's
 * time on the scheduler's clock), or claimed ('in_progress' with a lease) by a process whose lease
 * passed. A claim that placed its call releases the lease (the call then runs until its webhook,
 * or its deadline), so only a claim still checking guards or dialling can lapse.
 */
export const eventTable = (
  deps: Pick<SchedulerDeps, 'leaseMs'>,
): JobTable<typeof scheduledEvents> => ({
  table: scheduledEvents,
  id: scheduledEvents.id,
  owner: scheduledEvents.organizationId,
  order: scheduledEvents.nextAttemptAt,
  ready: (now) =>
    sql`${scheduledEvents.status} = 'scheduled' AND ${scheduledEvents.nextAttemptAt} <= ${now}`,
  claimed: sql`${scheduledEvents.status} = 'in_progress'`,
  lease: { column: scheduledEvents.leaseUntil, holds: 'end', ms: deps.leaseMs },
});

/**
 * The concurrency cap, inside the claim's transaction: the organizations' settings rows are
 * locked (in one statement, in a fixed order) while their running calls are counted (one grouped
 * count), so the cap on simultaneous calls holds across processes; a paused organization's
 * pending events stay where they are. Returns the ids admitted; the settings as read under the
 * lock serve the round's dials.
 */
async function admitUnderCap(tx: Db, candidates: Candidate[], round?: Round): Promise<string[]> {
  const byOrg = groupBy(candidates, (c) => c.owner);
  const orgs = [...byOrg.keys()].sort();
  await tx
    .insert(schedulingSettings)
    .values(orgs.map((organizationId) => ({ organizationId })))
    .onConflictDoNothing();
  const settings = await tx
    .select()
    .from(schedulingSettings)
    .where(inArray(schedulingSettings.organizationId, orgs))
    .orderBy(schedulingSettings.organizationId)
    .for('update');
  const running = new Map(
    rowsOf(
      await tx.execute(sql`
        SELECT organization_id, count(*)::int AS n FROM scheduled_events
        WHERE organization_id IN (${sql.join(
          orgs.map((o) => sql`${o}`),
          sql`, `,
        )}) AND status = 'in_progress'
        GROUP BY organization_id`),
    ).map((r) => [String(r.organization_id), Number(r.n)]),
  );
  const admitted: string[] = [];
  for (const row of settings) {
    const mine = byOrg.get(row.organizationId) ?? [];
    admitted.push(
      ...admit(
        {
          maxConcurrent: row.maxConcurrentCalls,
          running: running.get(row.organizationId) ?? 0,
          paused: Boolean(row.pausedAt),
        },
        // Taken-over claims are already counted among the running calls.
        mine.filter((c) => c.takeover),
        mine.filter((c) => !c.takeover),
      ).map((c) => c.id),
    );
    round?.settings.set(row.organizationId, Promise.resolve(row));
  }
  return admitted;
}

/** This process's round of organizations (lib/jobTable.ts Turns): batches go on after the last. */
const turns = new Turns();

/**
 * Claims due events (the job runner's claim: FOR UPDATE SKIP LOCKED, another process's claims
 * skipped, never waited for; the organizations in turns, each one's oldest first, so one
 * organization's thousand due calls do not hold back another's and a batch's dials spread over
 * several organizations' send locks), admitted under each organization's cap. Twice the batch is
 * offered, so a second process skipping this one's locked rows still finds a batch. A batch costs
 * the same few round trips whatever its size or number of organizations. Returns the claimed ids.
 */
export async function claimDue(deps: SchedulerDeps, round?: Round): Promise<string[]> {
  const now = deps.clock.now();
  const rows = await claimRows(deps.db, eventTable(deps), {
    now: timeOf(now),
    limit: deps.batch,
    turns,
    set: { status: 'in_progress', lockedBy: deps.instanceId, updatedAt: now },
    admit: (tx, candidates) => admitUnderCap(tx, candidates, round),
  });
  // The claimed rows as written: the round dials from them without reading each again.
  for (const row of rows) round?.claimed.set(row.id, row);
  return rows.map((r) => r.id);
}

/**
 * What one round (a claimed batch) reads once and shares between its dials: the claimed rows (as
 * the claim wrote them), and per organization its dialling settings, its telephony provider and
 * the numbers it calls from. A batch lasts as long as its dials (a fraction of a second to a few
 * seconds); a change of settings or provider applies from the next batch. The guards that must be true at
 * the dial itself (do-not-call, the sending limit, the event's own claim) are still read per dial.
 */
export interface Round {
  claimed: Map<string, EventRow>;
  settings: Map<string, Promise<Awaited<ReturnType<typeof settingsRow>>>>;
  telephony: Map<string, Promise<Awaited<ReturnType<typeof telephonyFor>>>>;
  fromNumbers: Map<
    string,
    Promise<Array<{ number: string; agent: string | null; provider: string }>>
  >;
}

export const newRound = (): Round => ({
  claimed: new Map(),
  settings: new Map(),
  telephony: new Map(),
  fromNumbers: new Map(),
});

/** The cached promise of `key`, made once per round (a failed read is not kept). */
export function once<T>(
  cache: Map<string, Promise<T>>,
  key: string,
  make: () => Promise<T>,
): Promise<T> {
  let found = cache.get(key);
  if (!found) {
    found = make();
    cache.set(key, found);
    found.catch(() => cache.delete(key));
  }
  return found;
}

import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { conversations, scheduledEvents } from '../db/schema';
import { nextWindowOpening, zonesForNumber } from './callingWindow';
import { groupBy } from './admission';
import { finalValues, iso, waitValues, type SchedulerDeps, type Tx } from './deps';
import type { EventRow } from './events';
import type { Ready } from './guard';
import { afterAttempt, flexibleWindowEnd, startGraceMs } from './retry';
import { recordProviderResults, type settingsRow } from './settings';

/**
 * The end of a call (a provider webhook, the sandbox's finish, a time-out) and what follows it:
 * the outcome on the attempt, the breaker told, then completed, failed, or back to 'scheduled'
 * for a retry inside both windows.
 */

export type Ending = { outcome: string; durationS: number | null; error?: string | null };
type SettingsRow = Awaited<ReturnType<typeof settingsRow>>;

/**
 * What the end of the event's running attempt writes: the outcome on the attempt, then what
 * follows (completed, failed, or back to 'scheduled' for a retry inside both windows).
 */
function endingValues(event: EventRow, result: Ending, settings: SettingsRow, now: Date) {
  const attempts = [...event.attempts];
  const last = attempts.at(-1);
  if (!last) return null;
  attempts[attempts.length - 1] = {
    ...last,
    ended_at: iso(now),
    outcome: result.outcome,
    duration_s: result.durationS,
    ...(result.error ? { error: result.error } : {}),
  };
  const next = afterAttempt({
    outcome: result.outcome,
    attemptsMade: attempts.length,
    maxRetries: event.maxRetries,
    endedAt: now,
    windowEnd: flexibleWindowEnd(event),
  });
  let values;
  if (next.kind === 'final') values = finalValues(next.status, next.reason, now);
  else {
    const zones = zonesForNumber(event.recipientPhone);
    const opening = nextWindowOpening(next.at, zones, {
      start: settings.callingWindowStart,
      end: settings.callingWindowEnd,
    });
    values =
      opening && opening <= flexibleWindowEnd(event)
        ? waitValues(opening, next.reason, now)
        : finalValues(
            'failed',
            `${next.reason.split(':')[0]}: the calling window is closed until the flexible window ends`,
            now,
          );
  }
  return { ...values, attempts, answeredBy: null };
}

/**
 * Records the end of the event's running attempt (inside `tx`, the event row locked by the
 * caller): the outcome on the attempt, the provider's result for the breaker, then what follows.
 */
export async function endAttempt(deps: SchedulerDeps, tx: Tx, event: EventRow, result: Ending) {
  const now = deps.clock.now();
  if (!event.attempts.length) return;
  const { settings } = await recordProviderResults(
    tx,
    event.organizationId,
    [result.outcome === 'failed'],
    now,
  );
  const values = endingValues(event, result, settings, now)!;
  await tx.update(scheduledEvents).set(values).where(eq(scheduledEvents.id, event.id));
}

/**
 * An organization's calls that ended (the sandbox's ends, time-outs), recorded together in one
 * transaction: the running ones locked, the breaker counting their results in order, each
 * event's next state, their conversations ended. A call already recorded (by a webhook, another
 * process) is not running any more under that id and is left alone. Returns how many it recorded.
 */
export async function finishCalls(
  deps: SchedulerDeps,
  orgId: string,
  calls: ReadonlyArray<{ eventId: string; providerCallId: string; result: Ending }>,
): Promise<number> {
  if (!calls.length) return 0;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(scheduledEvents)
      .where(
        and(
          inArray(
            scheduledEvents.id,
            calls.map((c) => c.eventId),
          ),
          eq(scheduledEvents.status, 'in_progress'),
        ),
      )
      .orderBy(scheduledEvents.id)
      .for('update');
    const byId = new Map(locked.map((e) => [e.id, e]));
    const running = calls.flatMap((c) => {
      const event = byId.get(c.eventId);
      return event && event.currentCallId === c.providerCallId && event.attempts.length
        ? [{ event, result: c.result }]
        : [];
    });
    if (!running.length) return 0;
    const { settings } = await recordProviderResults(
      tx,
      orgId,
      running.map((r) => r.result.outcome === 'failed'),
      now,
    );
    const rows = running.map((r) => ({
      ...r,
      values: endingValues(r.event, r.result, settings, now)!,
    }));
    const list = sql.join(
      rows.map(
        ({ event, values }) =>
          sql`(${event.id}::uuid, ${values.status}, ${values.statusReason}, ${JSON.stringify(values.attempts)}::jsonb, ${'nextAttemptAt' in values ? iso(values.nextAttemptAt as Date) : null}::timestamptz)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE scheduled_events e SET status = v.status, status_reason = v.reason,
        attempts = v.attempts, next_attempt_at = coalesce(v.next, e.next_attempt_at),
        locked_by = NULL, lease_until = NULL, call_deadline = NULL, pending_outcome = NULL,
        current_call_id = NULL, answered_by = NULL, updated_at = ${iso(now)}::timestamptz
      FROM (VALUES ${list}) AS v(id, status, reason, attempts, next)
      WHERE e.id = v.id`);
    for (const [outcome, group] of groupBy(rows, (r) => r.result.outcome)) {
      const ids = group.flatMap((r) => {
        const id = r.event.attempts.at(-1)?.conversation_id;
        return id ? [id] : [];
      });
      if (ids.length)
        await tx
          .update(conversations)
          .set({ endedAt: now, endedBy: 'caller', endReason: outcome })
          .where(and(inArray(conversations.id, ids), isNull(conversations.endedAt)));
    }
    return rows.length;
  });
}

/**
 * A running call ended (a provider webhook, the sandbox's finish, or a time-out): records it
 * once — a second report of the same call finds no running call with that id and changes nothing.
 */
export async function finishCall(
  deps: SchedulerDeps,
  where: { eventId: string; providerCallId: string },
  result: { outcome: string; durationS: number | null; error?: string | null },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const found = rowsOf(
      await tx.execute(sql`
        SELECT id FROM scheduled_events
        WHERE id = ${where.eventId} AND status = 'in_progress'
          AND current_call_id = ${where.providerCallId}
        FOR UPDATE`),
    );
    if (!found.length) return false;
    const [event] = await tx
      .select()
      .from(scheduledEvents)
      .where(eq(scheduledEvents.id, where.eventId));
    await endAttempt(deps, tx, event!, result);
    const conversationId = event!.attempts.at(-1)?.conversation_id;
    if (conversationId)
      await tx
        .update(conversations)
        .set({ endedAt: deps.clock.now(), endedBy: 'caller', endReason: result.outcome })
        .where(and(eq(conversations.id, conversationId), isNull(conversations.endedAt)));
    return true;
  });
}

/** How many ended calls are recorded at once. */
const finishConcurrency = 4;

/**
 * Sandbox calls whose time is up get their outcome (and calls whose provider never reported an
 * end are closed as failed). Returns how many ended.
 */
export async function finishEnded(deps: SchedulerDeps): Promise<number> {
  const now = deps.clock.now();
  // The sandbox's outcome at its end; a call whose provider never reported an end failed.
  const endingOf = (e: { pending: string | null }): Ending =>
    e.pending
      ? {
          outcome: e.pending,
          durationS:
            e.pending === 'answered' || e.pending === 'voicemail'
              ? Math.round(deps.sandboxCallMs / 1000)
              : 0,
        }
      : { outcome: 'failed', durationS: null, error: 'The provider never reported the call’s end' };
  const ended = await deps.db
    .select({
      id: scheduledEvents.id,
      orgId: scheduledEvents.organizationId,
      callId: scheduledEvents.currentCallId,
      pending: scheduledEvents.pendingOutcome,
    })
    .from(scheduledEvents)
    .where(
      and(
        eq(scheduledEvents.status, 'in_progress'),
        isNull(scheduledEvents.leaseUntil),
        lte(scheduledEvents.callDeadline, now),
      ),
    )
    .limit(deps.batch * 4);
  // Organizations side by side (a few at a time), each one's ended calls in one transaction.
  const queue = [...groupBy(ended, (e) => e.orgId)];
  await Promise.all(
    Array.from({ length: Math.min(finishConcurrency, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [orgId, calls] = next;
        await finishCalls(
          deps,
          orgId,
          calls.flatMap((e) =>
            e.callId ? [{ eventId: e.id, providerCallId: e.callId, result: endingOf(e) }] : [],
          ),
        ).catch((err: unknown) =>
          deps.logger.error({ err, organization: orgId }, 'ended calls not recorded'),
        );
      }
    }),
  );
  return ended.length;
}

/** Pending events whose flexible window passed while dialling was paused expire. */
export async function expirePaused(deps: SchedulerDeps): Promise<number> {
  const now = deps.clock.now();
  const expired = await deps.db
    .update(scheduledEvents)
    .set({
      status: sql`CASE WHEN jsonb_array_length(${scheduledEvents.attempts}) > 0 THEN 'failed' ELSE 'expired' END`,
      statusReason: 'The flexible window passed while dialling was paused',
      updatedAt: now,
    })
    .where(
      and(
        eq(scheduledEvents.status, 'scheduled'),
        sql`${scheduledEvents.scheduledTime} + make_interval(mins => ${scheduledEvents.flexibleTimeMinutes}) + make_interval(secs => ${startGraceMs / 1000}) < ${iso(now)}::timestamptz`,
      ),
    )
    .returning({ id: scheduledEvents.id });
  return expired.length;
}

/** The call could not be placed: the attempt ends as failed at the provider (for the breaker). */
export async function notPlaced(
  deps: SchedulerDeps,
  r: Ready,
  providerName: string,
  error: unknown,
) {
  const message = String((error as Error)?.message ?? error).slice(0, 500);
  deps.logger.warn(
    { err: error, event: r.event.id, provider: providerName },
    'scheduled call not placed',
  );
  await deps.db.transaction(async (tx) => {
    await endAttempt(
      deps,
      tx,
      { ...r.event, attempts: [...r.attempts, r.attempt] },
      { outcome: 'failed', durationS: 0, error: message },
    );
  });
}

import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  conversations,
  phoneNumbers,
  scheduledEvents,
  schedulingSettings,
  type ScheduledAttempt,
} from '../db/schema';
import type { Services } from '../lib/env';
import { outboundCallTargets } from '../telephony/provider';
import { publicUrlOf, telephonyFor } from '../telephony/resolve';
import { defaultSandboxNumbers } from '../telephony/sandbox';
import type { TwilioOptions } from '../telephony/twilio';
import { isWindowOpen, nextWindowOpening, zonesForNumber } from './callingWindow';
import { systemClock, type Clock } from './clock';
import type { EventRow } from './events';
import { afterAttempt, flexibleWindowEnd, startGraceMs } from './retry';
import { doNotCallReason, recordProviderResult, settingsRow } from './settings';
import { reserveSend, SendLimitError, sendLimitsOf } from '../messaging/sendLimits';

export interface SchedulerOptions {
  clock?: Clock;
  /** This process's name on its claims. */
  instanceId?: string;
  /** How long a claim holds an event while its process checks the guards and dials. */
  leaseMs?: number;
  /** Events claimed per round. */
  batch?: number;
  /** How long a sandbox call lasts before its outcome is recorded. */
  sandboxCallMs?: number;
  /** A dialled call whose provider never reports its end is closed as failed after this. */
  callTimeoutMs?: number;
  twilioOptions?: TwilioOptions;
}

export type SchedulerDeps = Pick<Services, 'db' | 'secrets' | 'env' | 'logger'> &
  Required<Omit<SchedulerOptions, 'twilioOptions'>> & { twilioOptions: TwilioOptions };

export function schedulerDeps(
  services: Pick<Services, 'db' | 'secrets' | 'env' | 'logger'>,
  options: SchedulerOptions = {},
): SchedulerDeps {
  const num = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return v !== undefined && v !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  return {
    ...services,
    clock: options.clock ?? systemClock,
    instanceId: options.instanceId ?? `sched-${randomUUID().slice(0, 8)}`,
    leaseMs: options.leaseMs ?? num(services.env.PARLEY_SCHEDULER_LEASE_MS, 60_000),
    batch: options.batch ?? num(services.env.PARLEY_SCHEDULER_BATCH, 25),
    sandboxCallMs: options.sandboxCallMs ?? num(services.env.PARLEY_SANDBOX_CALL_MS, 3000),
    callTimeoutMs: options.callTimeoutMs ?? 4 * 60 * 60_000,
    twilioOptions: options.twilioOptions ?? {},
  };
}

const iso = (d: Date) => d.toISOString();

/**
 * Claims due events with FOR UPDATE SKIP LOCKED (another process's claims are skipped, never
 * waited for): pending ones whose next attempt is due, and claims whose lease passed (their
 * process died). Per organization the settings row is locked while its running calls are
 * counted, so the cap on simultaneous calls holds across processes; a paused organization's
 * pending events stay where they are. Returns the claimed ids.
 */
export async function claimDue(deps: SchedulerDeps, round?: Round): Promise<string[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const candidates = rowsOf(
      await tx.execute(sql`
        SELECT id, organization_id, status FROM scheduled_events
        WHERE (status = 'scheduled' AND next_attempt_at <= ${iso(now)}::timestamptz)
           OR (status = 'in_progress' AND lease_until IS NOT NULL
               AND lease_until < ${iso(now)}::timestamptz)
        ORDER BY next_attempt_at
        FOR UPDATE SKIP LOCKED
        LIMIT ${deps.batch}`),
    ).map((r) => ({
      id: String(r.id),
      orgId: String(r.organization_id),
      status: String(r.status),
    }));
    if (!candidates.length) return [];
    const claimed: string[] = [];
    const orgs = [...new Set(candidates.map((c) => c.orgId))].sort();
    for (const orgId of orgs) {
      await tx.insert(schedulingSettings).values({ organizationId: orgId }).onConflictDoNothing();
      const [settings] = rowsOf(
        await tx.execute(sql`
          SELECT max_concurrent_calls, paused_at FROM scheduling_settings
          WHERE organization_id = ${orgId} FOR UPDATE`),
      );
      const mine = candidates.filter((c) => c.orgId === orgId);
      // Taken-over claims are already counted among the running calls.
      const takeovers = mine.filter((c) => c.status === 'in_progress');
      let fresh = mine.filter((c) => c.status === 'scheduled');
      if (settings?.paused_at) fresh = [];
      else {
        const [running] = rowsOf(
          await tx.execute(sql`
            SELECT count(*)::int AS n FROM scheduled_events
            WHERE organization_id = ${orgId} AND status = 'in_progress'`),
        );
        const room = Number(settings?.max_concurrent_calls ?? 5) - Number(running?.n ?? 0);
        fresh = fresh.slice(0, Math.max(0, room));
      }
      claimed.push(...takeovers.map((c) => c.id), ...fresh.map((c) => c.id));
    }
    if (!claimed.length) return [];
    const rows = await tx
      .update(scheduledEvents)
      .set({
        status: 'in_progress',
        lockedBy: deps.instanceId,
        leaseUntil: new Date(now.getTime() + deps.leaseMs),
        updatedAt: now,
      })
      .where(inArray(scheduledEvents.id, claimed))
      .returning();
    // The claimed rows as written: the round dials from them without reading each again.
    for (const row of rows) round?.claimed.set(row.id, row);
    return claimed;
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
  fromNumbers: Map<string, Promise<Array<{ number: string; agent: string | null }>>>;
}

export const newRound = (): Round => ({
  claimed: new Map(),
  settings: new Map(),
  telephony: new Map(),
  fromNumbers: new Map(),
});

/** The cached promise of `key`, made once per round (a failed read is not kept). */
function once<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) {
    found = make();
    cache.set(key, found);
    found.catch(() => cache.delete(key));
  }
  return found;
}

/** Ends an event (final status and reason); releases its claim. */
const finalValues = (status: EventRow['status'], reason: string | null, now: Date) => ({
  status,
  statusReason: reason,
  lockedBy: null,
  leaseUntil: null,
  callDeadline: null,
  pendingOutcome: null,
  currentCallId: null,
  updatedAt: now,
});

/** Back to 'scheduled' for a later attempt. */
const waitValues = (at: Date, reason: string | null, now: Date) => ({
  ...finalValues('scheduled', reason, now),
  nextAttemptAt: at,
});

/** The number the organization calls from: one answered by the event's agent, else any voice number. */
async function fromNumberFor(db: Db, event: EventRow, providerName: string, round: Round) {
  const rows = await once(round.fromNumbers, `${event.organizationId}:${providerName}`, () =>
    db
      .select({ number: phoneNumbers.phoneNumber, agent: phoneNumbers.voiceAgentName })
      .from(phoneNumbers)
      .where(
        and(
          eq(phoneNumbers.organizationId, event.organizationId),
          eq(phoneNumbers.provider, providerName),
          eq(phoneNumbers.voiceEnabled, true),
          eq(phoneNumbers.outboundEnabled, true),
        ),
      )
      .orderBy(phoneNumbers.phoneNumber),
  );
  const own = rows.find((r) => r.agent === event.agentName) ?? rows[0];
  if (own) return own.number;
  // A fresh install has not synced its sandbox numbers yet: the sandbox's own first voice number.
  if (providerName === 'sandbox')
    return defaultSandboxNumbers(event.organizationId).find((n) => n.voice)!.phoneNumber;
  return null;
}

const windowText = (s: { callingWindowStart: string; callingWindowEnd: string }, zones: string[]) =>
  `${s.callingWindowStart}–${s.callingWindowEnd} in ${zones.join(', ')}`;

/**
 * One claimed event: the guards (pause, flexible window, calling window, do-not-call, a number to
 * call from), then the dial through the organization's provider. The attempt is recorded before
 * the provider is asked; once the provider has the call the claim is released and the outcome
 * arrives by webhook (Twilio) or at the sandbox call's end.
 */
export async function processClaim(
  deps: SchedulerDeps,
  id: string,
  round: Round = newRound(),
): Promise<void> {
  const { db, clock } = deps;
  // The row as this round's claim wrote it, else as the database holds it now.
  const claimed = round.claimed.get(id);
  round.claimed.delete(id);
  const [event] = claimed
    ? [claimed]
    : await db
        .select()
        .from(scheduledEvents)
        .where(
          and(
            eq(scheduledEvents.id, id),
            eq(scheduledEvents.status, 'in_progress'),
            eq(scheduledEvents.lockedBy, deps.instanceId),
          ),
        );
  if (!event) return;
  const now = clock.now();
  const settings = await once(round.settings, event.organizationId, () =>
    settingsRow(db, event.organizationId),
  );
  const set = (values: Partial<EventRow>) =>
    db
      .update(scheduledEvents)
      .set(values)
      .where(and(eq(scheduledEvents.id, id), eq(scheduledEvents.lockedBy, deps.instanceId)));

  let attempts = [...event.attempts];
  const last = attempts.at(-1);
  if (last && last.outcome === null && !last.provider_call_id) {
    // The process that claimed it stopped between recording the attempt and the provider's answer.
    attempts = [
      ...attempts.slice(0, -1),
      {
        ...last,
        ended_at: iso(now),
        outcome: 'failed',
        error: 'The process placing the call stopped',
      },
    ];
    await set({ attempts });
  }
  const windowEnd = flexibleWindowEnd(event);
  const missed = (reason: string) =>
    set(finalValues(attempts.length ? 'failed' : 'expired', reason, now));

  if (settings.pausedAt) {
    await set(waitValues(now, 'Dialling is paused: too many calls failed at the provider', now));
    return;
  }
  if (now.getTime() > windowEnd.getTime() + startGraceMs) {
    await missed('The scheduled time and its flexible window passed before the call was placed');
    return;
  }
  const zones = zonesForNumber(event.recipientPhone);
  const window = { start: settings.callingWindowStart, end: settings.callingWindowEnd };
  if (!isWindowOpen(now, zones, window)) {
    const next = nextWindowOpening(now, zones, window);
    if (next && next <= windowEnd) {
      await set(
        waitValues(next, `Waiting for the calling window (${windowText(settings, zones)})`, now),
      );
    } else {
      await missed(
        `The calling window (${windowText(settings, zones)}) stays closed until the flexible window ends`,
      );
    }
    return;
  }
  const dnc = await doNotCallReason(db, event.organizationId, event.recipientPhone);
  if (dnc) {
    await set(finalValues('failed', dnc, now));
    return;
  }

  const attempt: ScheduledAttempt = {
    attempt: attempts.length + 1,
    started_at: iso(now),
    ended_at: null,
    outcome: null,
    provider_call_id: null,
    duration_s: null,
    conversation_id: null,
  };
  let providerName = 'sandbox';
  try {
    const { provider } = await once(round.telephony, event.organizationId, () =>
      telephonyFor(deps, event.organizationId, deps.twilioOptions),
    );
    providerName = provider.name;
    const from = await fromNumberFor(db, event, provider.name, round);
    if (!from) {
      await set(
        finalValues('failed', 'No voice number to call from: sync the phone numbers first', now),
      );
      return;
    }
    const publicUrl = publicUrlOf(deps.env);
    if (provider.name === 'twilio' && !publicUrl) {
      await set(
        finalValues('failed', 'PUBLIC_URL is not set: the provider cannot reach this server', now),
      );
      return;
    }
    // The attempt counts against the organization's sending limit for calls: recorded under the
    // organization's send lock (another event's dial waits for it). Over the limit, the call
    // waits for the window to free inside the flexible window, else it is missed, saying why.
    try {
      await reserveSend(
        db,
        sendLimitsOf(deps.env),
        event.organizationId,
        'call',
        (tx) =>
          tx
            .update(scheduledEvents)
            .set({ attempts: [...attempts, attempt], updatedAt: now })
            .where(and(eq(scheduledEvents.id, id), eq(scheduledEvents.lockedBy, deps.instanceId))),
        now,
      );
    } catch (error) {
      if (!(error instanceof SendLimitError)) throw error;
      const next = new Date(now.getTime() + error.retryAfter * 1000);
      if (next <= windowEnd) await set(waitValues(next, error.message, now));
      else await missed(error.message);
      return;
    }
    const targets = outboundCallTargets(publicUrl ?? 'http://localhost', event.id);
    const dialled = await provider.dial({
      from,
      to: event.recipientPhone,
      ...targets,
      purpose: event.messageTemplate,
    });
    const placed = { ...attempt, provider_call_id: dialled.providerCallId };
    let conversationId: string | null = null;
    if (provider.name === 'sandbox' && dialled.sandboxOutcome === 'answered') {
      // The sandbox's answered call is a call in the call log, as a real one would be.
      const [conversation] = await db
        .insert(conversations)
        .values({
          agentName: event.agentName,
          organizationId: event.organizationId,
          channel: 'voice',
          endUser: event.recipientPhone,
          agentAddress: from,
          metadata: {
            call_sid: dialled.providerCallId,
            provider: 'sandbox',
            transport: 'phone',
            direction: 'outbound',
            scheduled_id: event.id,
            purpose: event.messageTemplate,
            from,
            to: event.recipientPhone,
          },
        })
        .returning({ id: conversations.id });
      conversationId = conversation!.id;
    }
    const deadline = provider.name === 'sandbox' ? deps.sandboxCallMs : deps.callTimeoutMs;
    await set({
      attempts: [...attempts, { ...placed, conversation_id: conversationId }],
      currentCallId: dialled.providerCallId,
      pendingOutcome: dialled.sandboxOutcome ?? null,
      answeredBy: null,
      callDeadline: new Date(now.getTime() + deadline),
      statusReason: null,
      lockedBy: null,
      leaseUntil: null,
      updatedAt: now,
    });
  } catch (error) {
    const message = String((error as Error)?.message ?? error).slice(0, 500);
    deps.logger.warn(
      { err: error, event: id, provider: providerName },
      'scheduled call not placed',
    );
    await db.transaction(async (tx) => {
      await endAttempt(
        deps,
        tx,
        { ...event, attempts: [...attempts, attempt] },
        {
          outcome: 'failed',
          durationS: 0,
          error: message,
        },
      );
    });
  }
}

/**
 * Records the end of the event's running attempt (inside `tx`, the event row locked by the
 * caller): the outcome on the attempt, the provider's result for the breaker, then what follows
 * (completed, failed, or back to 'scheduled' for a retry inside both windows).
 */
async function endAttempt(
  deps: SchedulerDeps,
  tx: Tx,
  event: EventRow,
  result: { outcome: string; durationS: number | null; error?: string | null },
) {
  const now = deps.clock.now();
  const attempts = [...event.attempts];
  const last = attempts.at(-1);
  if (!last) return;
  attempts[attempts.length - 1] = {
    ...last,
    ended_at: iso(now),
    outcome: result.outcome,
    duration_s: result.durationS,
    ...(result.error ? { error: result.error } : {}),
  };
  await recordProviderResult(tx, event.organizationId, result.outcome === 'failed', now);
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
    const settings = await settingsRow(tx, event.organizationId);
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
  await tx
    .update(scheduledEvents)
    .set({ ...values, attempts, answeredBy: null })
    .where(eq(scheduledEvents.id, event.id));
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

/**
 * Housekeeping each round: sandbox calls whose time is up get their outcome (and calls whose
 * provider never reported an end are closed as failed); pending events whose flexible window
 * passed while dialling was paused expire.
 */
export async function sweep(deps: SchedulerDeps): Promise<number> {
  const now = deps.clock.now();
  const ended = await deps.db
    .select({
      id: scheduledEvents.id,
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
  for (const e of ended) {
    if (!e.callId) continue;
    const answered = e.pending === 'answered' || e.pending === 'voicemail';
    await finishCall(
      deps,
      { eventId: e.id, providerCallId: e.callId },
      e.pending
        ? { outcome: e.pending, durationS: answered ? Math.round(deps.sandboxCallMs / 1000) : 0 }
        : {
            outcome: 'failed',
            durationS: null,
            error: 'The provider never reported the call’s end',
          },
    );
  }
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
  return ended.length + expired.length;
}

/** One round: housekeeping, then claim and dial until nothing due is left. Returns events dialled. */
export async function runOnce(deps: SchedulerDeps): Promise<number> {
  await sweep(deps);
  let total = 0;
  for (;;) {
    // Each batch reads the organizations' settings and providers afresh (once per batch).
    const round = newRound();
    const ids = await claimDue(deps, round);
    if (!ids.length) return total;
    await Promise.all(
      ids.map((id) =>
        processClaim(deps, id, round).catch((err: unknown) =>
          deps.logger.error({ err, event: id }, 'scheduled call processing failed'),
        ),
      ),
    );
    total += ids.length;
  }
}

export interface Scheduler {
  /** Runs a round now (after an event was created or a call ended). */
  wake(): void;
  stop(): Promise<void>;
  readonly deps: SchedulerDeps;
}

/** The scheduler in the server process: a round every `pollMs`, and when woken. */
export function startScheduler(
  deps: SchedulerDeps,
  pollMs = 1000,
  options: { manual?: boolean } = {},
): Scheduler {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = Boolean(options.manual);
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce(deps).catch((err: unknown) =>
          deps.logger.error({ err }, 'scheduler round failed'),
        );
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, pollMs);
  timer.unref();
  return {
    deps,
    wake: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

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
import { outboundCallTargets, type DialResult } from '../telephony/provider';
import { publicUrlOf, telephonyFor } from '../telephony/resolve';
import { defaultSandboxNumbers } from '../telephony/sandbox';
import type { TwilioOptions } from '../telephony/twilio';
import { isAnyTime, isWindowOpen, nextWindowOpening, zonesForNumber } from './callingWindow';
import { systemClock, type Clock } from './clock';
import type { EventRow } from './events';
import { afterAttempt, flexibleWindowEnd, startGraceMs } from './retry';
import { doNotCallReasons, recordProviderResults, settingsRow } from './settings';
import {
  checkSendLimit,
  limitFor,
  lockSendCounter,
  SendLimitError,
  sendLimitsOf,
  sendUsage,
} from '../messaging/sendLimits';
import { admit, groupBy, nextWakeDelay, sendRoom } from './admission';

export interface SchedulerOptions {
  clock?: Clock;
  /** This process's name on its claims. */
  instanceId?: string;
  /** How long a claim holds an event while its process checks the guards and dials. */
  leaseMs?: number;
  /** Events claimed per batch. */
  batch?: number;
  /** Batches dialling at once: the next is claimed while the previous ones dial. */
  inFlight?: number;
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
    batch: options.batch ?? num(services.env.PARLEY_SCHEDULER_BATCH, 200),
    inFlight: Math.max(1, options.inFlight ?? 2),
    sandboxCallMs: options.sandboxCallMs ?? num(services.env.PARLEY_SANDBOX_CALL_MS, 3000),
    callTimeoutMs: options.callTimeoutMs ?? 4 * 60 * 60_000,
    twilioOptions: options.twilioOptions ?? {},
  };
}

const iso = (d: Date) => d.toISOString();

/**
 * Claims due events with FOR UPDATE SKIP LOCKED (another process's claims are skipped, never
 * waited for): pending ones whose next attempt is due, and claims whose lease passed (their
 * process died), in turns across organizations. The organizations' settings rows are locked
 * (in one statement, in a fixed order) while their running calls are counted (one grouped
 * count), so the cap on simultaneous calls holds across processes; a paused organization's
 * pending events stay where they are. A batch costs the same few round trips whatever its size
 * or number of organizations. Returns the claimed ids.
 */
export async function claimDue(deps: SchedulerDeps, round?: Round): Promise<string[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = sql`((status = 'scheduled' AND next_attempt_at <= ${iso(now)}::timestamptz)
           OR (status = 'in_progress' AND lease_until IS NOT NULL
               AND lease_until < ${iso(now)}::timestamptz))`;
    // Taken in turns across organizations (each one's oldest first): one organization's
    // thousand due calls do not hold back another's, and a batch's dials spread over several
    // organizations' send locks instead of queueing on one. Twice the batch is offered, so a
    // second process skipping this one's locked rows still finds a batch.
    const candidates = rowsOf(
      await tx.execute(sql`
        SELECT id, organization_id, status FROM scheduled_events
        WHERE id IN (
          SELECT id FROM (
            SELECT id, next_attempt_at,
                   row_number() OVER (PARTITION BY organization_id ORDER BY next_attempt_at) AS turn
            FROM scheduled_events WHERE ${due}
          ) fair
          ORDER BY turn, next_attempt_at
          LIMIT ${deps.batch * 2}
        ) AND ${due}
        FOR UPDATE SKIP LOCKED
        LIMIT ${deps.batch}`),
    ).map((r) => ({
      id: String(r.id),
      orgId: String(r.organization_id),
      status: String(r.status),
    }));
    if (!candidates.length) return [];
    const byOrg = groupBy(candidates, (c) => c.orgId);
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
    const claimed: string[] = [];
    for (const row of settings) {
      const mine = byOrg.get(row.organizationId) ?? [];
      claimed.push(
        ...admit(
          {
            maxConcurrent: row.maxConcurrentCalls,
            running: running.get(row.organizationId) ?? 0,
            paused: Boolean(row.pausedAt),
          },
          // Taken-over claims are already counted among the running calls.
          mine.filter((c) => c.status === 'in_progress'),
          mine.filter((c) => c.status === 'scheduled'),
        ).map((c) => c.id),
      );
      // The settings as read under the lock serve this batch's dials.
      round?.settings.set(row.organizationId, Promise.resolve(row));
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

/** The organization's voice numbers that may call out (all providers), read once per round. */
const outboundNumbersOf = (db: Db, orgId: string, round: Round) =>
  once(round.fromNumbers, orgId, () =>
    db
      .select({
        number: phoneNumbers.phoneNumber,
        agent: phoneNumbers.voiceAgentName,
        provider: phoneNumbers.provider,
      })
      .from(phoneNumbers)
      .where(
        and(
          eq(phoneNumbers.organizationId, orgId),
          eq(phoneNumbers.voiceEnabled, true),
          eq(phoneNumbers.outboundEnabled, true),
        ),
      )
      .orderBy(phoneNumbers.phoneNumber),
  );

/** The number the organization calls from: one answered by the event's agent, else any voice number. */
function fromNumberFor(
  numbers: ReadonlyArray<{ number: string; agent: string | null; provider: string }>,
  event: EventRow,
  providerName: string,
) {
  const rows = numbers.filter((r) => r.provider === providerName);
  const own = rows.find((r) => r.agent === event.agentName) ?? rows[0];
  if (own) return own.number;
  // A fresh install has not synced its sandbox numbers yet: the sandbox's own first voice number.
  if (providerName === 'sandbox')
    return defaultSandboxNumbers(event.organizationId).find((n) => n.voice)!.phoneNumber;
  return null;
}

const windowText = (s: { callingWindowStart: string; callingWindowEnd: string }, zones: string[]) =>
  `${s.callingWindowStart}–${s.callingWindowEnd} in ${zones.join(', ')}`;

/** An event that passed its guards, with its attempt about to be made. */
interface Ready {
  event: EventRow;
  /** The attempts before this one (a stopped process's attempt closed as failed). */
  attempts: ScheduledAttempt[];
  attempt: ScheduledAttempt;
}

/**
 * A claimed batch: per organization, the guards (pause, flexible window, calling window, then
 * do-not-call for the whole batch in one query, a number to call from), the attempts recorded
 * against the sending limit for calls in one transaction, then every dial at once through the
 * organization's provider. The attempt is recorded before the provider is asked; once the
 * provider has the call the claim is released and the outcome arrives by webhook (Twilio) or at
 * the sandbox call's end.
 */
export async function processBatch(
  deps: SchedulerDeps,
  ids: readonly string[],
  round: Round = newRound(),
): Promise<void> {
  // The rows as this round's claim wrote them, else as the database holds them now.
  const events: EventRow[] = [];
  const unread: string[] = [];
  for (const id of ids) {
    const row = round.claimed.get(id);
    round.claimed.delete(id);
    if (row) events.push(row);
    else unread.push(id);
  }
  if (unread.length)
    events.push(
      ...(await deps.db
        .select()
        .from(scheduledEvents)
        .where(
          and(
            inArray(scheduledEvents.id, unread),
            eq(scheduledEvents.status, 'in_progress'),
            eq(scheduledEvents.lockedBy, deps.instanceId),
          ),
        )),
    );
  await Promise.all(
    [...groupBy(events, (e) => e.organizationId)].map(([orgId, list]) =>
      processOrgBatch(deps, orgId, list, round).catch((err: unknown) =>
        deps.logger.error({ err, organization: orgId }, 'scheduled call processing failed'),
      ),
    ),
  );
}

/** One claimed event (a batch of one). */
export const processClaim = (deps: SchedulerDeps, id: string, round: Round = newRound()) =>
  processBatch(deps, [id], round);

/** Writes to the event while this process holds its claim. */
const setMine = (deps: SchedulerDeps, id: string, values: Partial<EventRow>) =>
  deps.db
    .update(scheduledEvents)
    .set(values)
    .where(and(eq(scheduledEvents.id, id), eq(scheduledEvents.lockedBy, deps.instanceId)));

/**
 * The guards that need no query: a stopped process's attempt closed, pause, flexible window,
 * calling window. Returns the event ready to dial, or null once it was set aside (saying why).
 */
async function guard(
  deps: SchedulerDeps,
  event: EventRow,
  settings: Awaited<ReturnType<typeof settingsRow>>,
  now: Date,
): Promise<Ready | null> {
  const set = (values: Partial<EventRow>) => setMine(deps, event.id, values);
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
    return null;
  }
  if (now.getTime() > windowEnd.getTime() + startGraceMs) {
    await missed('The scheduled time and its flexible window passed before the call was placed');
    return null;
  }
  const window = { start: settings.callingWindowStart, end: settings.callingWindowEnd };
  // The number's zones are only worked out when the window is not open at any time.
  const zones = isAnyTime(window) ? [] : zonesForNumber(event.recipientPhone);
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
    return null;
  }
  return {
    event,
    attempts,
    attempt: {
      attempt: attempts.length + 1,
      started_at: iso(now),
      ended_at: null,
      outcome: null,
      provider_call_id: null,
      duration_s: null,
      conversation_id: null,
    },
  };
}

/**
 * Records the attempts of an organization's ready events against its sending limit for calls,
 * in one transaction under the organization's send lock: as many as the limit lets through, in
 * order. Returns the ids recorded (an event whose claim this process lost is not), and the
 * refusal for the rest.
 */
async function reserveCalls(
  deps: SchedulerDeps,
  orgId: string,
  ready: readonly Ready[],
  now: Date,
): Promise<{ recorded: Set<string>; refused: SendLimitError | null }> {
  const config = sendLimitsOf(deps.env);
  return deps.db.transaction(async (db) => {
    const tx = db as unknown as Db;
    await lockSendCounter(tx, orgId, 'call');
    const usage = await sendUsage(tx, orgId, 'call', now);
    const granted = ready.slice(0, sendRoom(limitFor(config, orgId), usage));
    const recorded = new Set<string>();
    if (granted.length) {
      const values = sql.join(
        granted.map(
          (r) => sql`(${r.event.id}::uuid, ${JSON.stringify([...r.attempts, r.attempt])}::jsonb)`,
        ),
        sql`, `,
      );
      const rows = rowsOf(
        await tx.execute(sql`
          UPDATE scheduled_events e SET attempts = v.attempts, updated_at = ${iso(now)}::timestamptz
          FROM (VALUES ${values}) AS v(id, attempts)
          WHERE e.id = v.id AND e.locked_by = ${deps.instanceId}
          RETURNING e.id`),
      );
      for (const row of rows) recorded.add(String(row.id));
    }
    let refused: SendLimitError | null = null;
    if (granted.length < ready.length) {
      // The limit is reached now: its refusal says which window and when a place frees.
      try {
        await checkSendLimit(tx, config, orgId, 'call', now);
        refused = new SendLimitError('call', 'minute', limitFor(config, orgId).perMinute, 1);
      } catch (error) {
        if (!(error instanceof SendLimitError)) throw error;
        refused = error;
      }
    }
    return { recorded, refused };
  });
}

/** An organization's share of a claimed batch (see processBatch). */
async function processOrgBatch(
  deps: SchedulerDeps,
  orgId: string,
  events: readonly EventRow[],
  round: Round,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const settings = await once(round.settings, orgId, () => settingsRow(db, orgId));
  const guarded = (await Promise.all(events.map((e) => guard(deps, e, settings, now)))).filter(
    (r): r is Ready => r !== null,
  );
  if (!guarded.length) return;
  // Do-not-call, the provider and the numbers to call from: read side by side.
  const [dnc, telephony, numbers] = await Promise.all([
    doNotCallReasons(
      db,
      orgId,
      guarded.map((r) => r.event.recipientPhone),
    ),
    once(round.telephony, orgId, () => telephonyFor(deps, orgId, deps.twilioOptions)).then(
      (resolved) => ({ resolved, error: null }),
      (error: unknown) => ({ resolved: null, error }),
    ),
    outboundNumbersOf(db, orgId, round),
  ]);
  const ready: Ready[] = [];
  const setAside: Array<Promise<unknown>> = [];
  for (const r of guarded) {
    const reason = dnc.get(r.event.recipientPhone);
    if (reason) setAside.push(setMine(deps, r.event.id, finalValues('failed', reason, now)));
    else ready.push(r);
  }
  await Promise.all(setAside);
  if (!ready.length) return;
  if (!telephony.resolved) {
    await Promise.all(ready.map((r) => notPlaced(deps, r, 'sandbox', telephony.error)));
    return;
  }
  const { provider } = telephony.resolved;
  const publicUrl = publicUrlOf(deps.env);
  const dialable: Array<Ready & { from: string }> = [];
  for (const r of ready) {
    const from = fromNumberFor(numbers, r.event, provider.name);
    if (!from)
      setAside.push(
        setMine(
          deps,
          r.event.id,
          finalValues('failed', 'No voice number to call from: sync the phone numbers first', now),
        ),
      );
    else if (provider.name === 'twilio' && !publicUrl)
      setAside.push(
        setMine(
          deps,
          r.event.id,
          finalValues(
            'failed',
            'PUBLIC_URL is not set: the provider cannot reach this server',
            now,
          ),
        ),
      );
    else dialable.push({ ...r, from });
  }
  await Promise.all(setAside);
  if (!dialable.length) return;

  // Each attempt counts against the organization's sending limit for calls. Over the limit, a
  // call waits for the window to free inside its flexible window, else it is missed, saying why.
  let reserved: Awaited<ReturnType<typeof reserveCalls>>;
  try {
    reserved = await reserveCalls(deps, orgId, dialable, now);
  } catch (error) {
    await Promise.all(dialable.map((r) => notPlaced(deps, r, provider.name, error)));
    return;
  }
  const [placed] = await Promise.all([
    dialAll(
      deps,
      dialable.filter((r) => reserved.recorded.has(r.event.id)),
      provider,
      publicUrl,
    ),
    ...dialable.map(async (r) => {
      // Not recorded: over the limit (else the claim was lost, and the new holder dials it).
      const refused = reserved.refused;
      if (reserved.recorded.has(r.event.id) || !refused) return;
      const next = new Date(now.getTime() + refused.retryAfter * 1000);
      if (next <= flexibleWindowEnd(r.event))
        return setMine(deps, r.event.id, waitValues(next, refused.message, now));
      return setMine(
        deps,
        r.event.id,
        finalValues(r.attempts.length ? 'failed' : 'expired', refused.message, now),
      );
    }),
  ]);
  await recordPlaced(deps, provider.name, placed, now);
}

type Provider = Awaited<ReturnType<typeof telephonyFor>>['provider'];

/** A call the provider took. */
interface Placed {
  ready: Ready & { from: string };
  callId: string;
  sandboxOutcome: string | null;
}

/**
 * The dials themselves, their attempts already recorded: in one request when the provider takes
 * several at once (the sandbox), else side by side. A refusal ends the attempt as failed.
 */
async function dialAll(
  deps: SchedulerDeps,
  list: ReadonlyArray<Ready & { from: string }>,
  provider: Provider,
  publicUrl: string | null | undefined,
): Promise<Placed[]> {
  if (!list.length) return [];
  const calls = list.map(({ event, from }) => ({
    from,
    to: event.recipientPhone,
    ...outboundCallTargets(publicUrl ?? 'http://localhost', event.id),
    purpose: event.messageTemplate,
  }));
  const placedAs = (r: Ready & { from: string }, dialled: DialResult): Placed => ({
    ready: r,
    callId: dialled.providerCallId,
    sandboxOutcome: dialled.sandboxOutcome ?? null,
  });
  if (provider.dialMany) {
    try {
      const results = await provider.dialMany(calls);
      return list.map((r, i) => placedAs(r, results[i]!));
    } catch (error) {
      await Promise.all(list.map((r) => notPlaced(deps, r, provider.name, error)));
      return [];
    }
  }
  const placed = await Promise.all(
    list.map(async (r, i) => {
      try {
        return placedAs(r, await provider.dial(calls[i]!));
      } catch (error) {
        await notPlaced(deps, r, provider.name, error);
        return null;
      }
    }),
  );
  return placed.filter((p): p is Placed => p !== null);
}

/**
 * The calls a batch placed, written together: the sandbox's answered calls into the call log
 * (one insert), then each event's attempt with its provider call id, the running call and its
 * deadline, the claim released (one update).
 */
async function recordPlaced(
  deps: SchedulerDeps,
  providerName: string,
  placed: readonly Placed[],
  now: Date,
) {
  if (!placed.length) return;
  const conversationOf = new Map<string, string>();
  const answered = placed.filter(
    (p) => providerName === 'sandbox' && p.sandboxOutcome === 'answered',
  );
  if (answered.length) {
    // The sandbox's answered call is a call in the call log, as a real one would be.
    const rows = await deps.db
      .insert(conversations)
      .values(
        answered.map(({ ready: { event, from }, callId }) => ({
          agentName: event.agentName,
          organizationId: event.organizationId,
          channel: 'voice' as const,
          endUser: event.recipientPhone,
          agentAddress: from,
          metadata: {
            call_sid: callId,
            provider: 'sandbox',
            transport: 'phone',
            direction: 'outbound',
            scheduled_id: event.id,
            purpose: event.messageTemplate,
            from,
            to: event.recipientPhone,
          },
        })),
      )
      .returning({ id: conversations.id, metadata: conversations.metadata });
    for (const row of rows)
      conversationOf.set(String((row.metadata as Record<string, unknown>).scheduled_id), row.id);
  }
  const deadline = new Date(
    now.getTime() + (providerName === 'sandbox' ? deps.sandboxCallMs : deps.callTimeoutMs),
  );
  const list = sql.join(
    placed.map(({ ready: { event, attempts, attempt }, callId, sandboxOutcome }) => {
      const made = {
        ...attempt,
        provider_call_id: callId,
        conversation_id: conversationOf.get(event.id) ?? null,
      };
      return sql`(${event.id}::uuid, ${JSON.stringify([...attempts, made])}::jsonb, ${callId}, ${sandboxOutcome}::text)`;
    }),
    sql`, `,
  );
  await deps.db.execute(sql`
    UPDATE scheduled_events e SET attempts = v.attempts, current_call_id = v.call_id,
      pending_outcome = v.pending, answered_by = NULL,
      call_deadline = ${iso(deadline)}::timestamptz, status_reason = NULL,
      locked_by = NULL, lease_until = NULL, updated_at = ${iso(now)}::timestamptz
    FROM (VALUES ${list}) AS v(id, attempts, call_id, pending)
    WHERE e.id = v.id AND e.locked_by = ${deps.instanceId}`);
}

/** The call could not be placed: the attempt ends as failed at the provider (for the breaker). */
async function notPlaced(deps: SchedulerDeps, r: Ready, providerName: string, error: unknown) {
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

type Ending = { outcome: string; durationS: number | null; error?: string | null };
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
async function endAttempt(deps: SchedulerDeps, tx: Tx, event: EventRow, result: Ending) {
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

/** Housekeeping: calls that ended are recorded, pending events whose window passed expire. */
export async function sweep(deps: SchedulerDeps): Promise<number> {
  return (await finishEnded(deps)) + (await expirePaused(deps));
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
 * Claims and dials batch after batch until nothing due is left, as a pipeline: the next batch is
 * claimed while the previous ones dial (up to `inFlight` batches at once), so a burst's claims,
 * guards, dials and write-backs overlap instead of running one batch after another. The claim
 * counts the calls the batches in flight hold (they are `in_progress`), so the cap holds.
 */
async function dialDue(deps: SchedulerDeps): Promise<number> {
  let total = 0;
  const inFlight = new Set<Promise<void>>();
  try {
    for (;;) {
      // Each batch reads the organizations' settings and providers afresh (once per batch).
      const round = newRound();
      const ids = await claimDue(deps, round);
      if (!ids.length) return total;
      total += ids.length;
      const batch: Promise<void> = processBatch(deps, ids, round)
        .catch((err: unknown) => deps.logger.error({ err }, 'scheduled calls not processed'))
        .finally(() => {
          inFlight.delete(batch);
        });
      inFlight.add(batch);
      if (inFlight.size >= deps.inFlight) await Promise.race(inFlight);
    }
  } finally {
    await Promise.all(inFlight);
  }
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
  /** Runs a round now (after an event was created or a call ended). */
  wake(): void;
  stop(): Promise<void>;
  readonly deps: SchedulerDeps;
}

/**
 * The scheduler in the server process: a round every `pollMs`, when woken (an event created or
 * changed, a call ended), and at the moment the next piece of work falls due when that comes
 * before the next round — a call due at 09:00:00.300 starts then, not at the next round.
 */
export function startScheduler(
  deps: SchedulerDeps,
  pollMs = 1000,
  options: { manual?: boolean } = {},
): Scheduler {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = Boolean(options.manual);
  let alarm: ReturnType<typeof setTimeout> | null = null;
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
      if (stopped) return;
      const delay = nextWakeDelay(
        await nextDueAt(deps).catch(() => null),
        deps.clock.now(),
        pollMs,
      );
      if (alarm) clearTimeout(alarm);
      alarm = delay === null ? null : setTimeout(run, delay);
      alarm?.unref();
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
      if (alarm) clearTimeout(alarm);
      await running;
    },
  };
}

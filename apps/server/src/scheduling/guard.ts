import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { phoneNumbers, type ScheduledAttempt } from '../db/schema';
import { publicUrlOf, telephonyFor } from '../telephony/resolve';
import { defaultSandboxNumbers } from '../telephony/sandbox';
import { isAnyTime, isWindowOpen, nextWindowOpening, zonesForNumber } from './callingWindow';
import { once, type Round } from './claim';
import { finalValues, iso, setMine, waitValues, type SchedulerDeps } from './deps';
import type { EventRow } from './events';
import { flexibleWindowEnd, startGraceMs } from './retry';
import { doNotCallReasons, settingsRow } from './settings';

/**
 * The policy a claimed event passes before it is dialled: pause (the breaker), the flexible
 * window, the calling window in the recipient's own time, the do-not-call list (and SMS STOPs),
 * a number to call from. (The cap on simultaneous calls is the claim's; the sending limit is
 * counted with the attempt, dial.ts.) An event that fails one is set aside, saying why.
 */

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
export interface Ready {
  event: EventRow;
  /** The attempts before this one (a stopped process's attempt closed as failed). */
  attempts: ScheduledAttempt[];
  attempt: ScheduledAttempt;
}

/** A ready event with the number it is called from. */
export type Dialable = Ready & { from: string };
export type Provider = Awaited<ReturnType<typeof telephonyFor>>['provider'];

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
 * An organization's share of a claimed batch through the policy: the per-event guards, then
 * do-not-call for the whole batch in one query, the provider and the numbers to call from (read
 * side by side, once per round). Returns what may be dialled and through which provider; or,
 * when the provider cannot be resolved, the events ready for it (their attempts fail).
 */
export async function guardBatch(
  deps: SchedulerDeps,
  orgId: string,
  events: readonly EventRow[],
  round: Round,
  now: Date,
): Promise<
  | { dialable: Dialable[]; provider: Provider; publicUrl: string | null | undefined }
  | { unreachable: Ready[]; error: unknown }
  | null
> {
  const { db } = deps;
  const settings = await once(round.settings, orgId, () => settingsRow(db, orgId));
  const guarded = (await Promise.all(events.map((e) => guard(deps, e, settings, now)))).filter(
    (r): r is Ready => r !== null,
  );
  if (!guarded.length) return null;
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
  const fail = (r: Ready, reason: string) =>
    setAside.push(setMine(deps, r.event.id, finalValues('failed', reason, now)));
  for (const r of guarded) {
    const reason = dnc.get(r.event.recipientPhone);
    if (reason) fail(r, reason);
    else ready.push(r);
  }
  await Promise.all(setAside.splice(0));
  if (!ready.length) return null;
  if (!telephony.resolved) return { unreachable: ready, error: telephony.error };
  const { provider } = telephony.resolved;
  const publicUrl = publicUrlOf(deps.env);
  const dialable: Dialable[] = [];
  for (const r of ready) {
    const from = fromNumberFor(numbers, r.event, provider.name);
    if (!from) fail(r, 'No voice number to call from: sync the phone numbers first');
    else if (provider.name === 'twilio' && !publicUrl)
      fail(r, 'PUBLIC_URL is not set: the provider cannot reach this server');
    else dialable.push({ ...r, from });
  }
  await Promise.all(setAside);
  return dialable.length ? { dialable, provider, publicUrl } : null;
}

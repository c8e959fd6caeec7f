import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledEvents } from '../db/schema';
import type { Services } from '../lib/env';
import type { TwilioOptions } from '../telephony/twilio';
import { systemClock, type Clock } from './clock';
import type { EventRow } from './events';

/** What the scheduler's parts share: its settings, the claim's writes, an event's end values. */

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

export const iso = (d: Date) => d.toISOString();

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Ends an event (final status and reason); releases its claim. */
export const finalValues = (status: EventRow['status'], reason: string | null, now: Date) => ({
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
export const waitValues = (at: Date, reason: string | null, now: Date) => ({
  ...finalValues('scheduled', reason, now),
  nextAttemptAt: at,
});

/** Writes to the event while this process holds its claim. */
export const setMine = (deps: SchedulerDeps, id: string, values: Partial<EventRow>) =>
  deps.db
    .update(scheduledEvents)
    .set(values)
    .where(and(eq(scheduledEvents.id, id), eq(scheduledEvents.lockedBy, deps.instanceId)));

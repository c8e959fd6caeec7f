import type { CallOutcome } from '@parley/api-client';

/** Minutes before retry n (1-based): 2, 5, 10, 20, 30, then every 60. */
export const retryDelaysMinutes = [2, 5, 10, 20, 30, 60] as const;
export function retryDelayMinutes(retry: number): number {
  return retryDelaysMinutes[Math.min(Math.max(retry, 1), retryDelaysMinutes.length) - 1]!;
}

/** Outcomes that are tried again (within max_retries and both windows). */
export const retriedOutcomes: ReadonlySet<string> = new Set<CallOutcome>([
  'no-answer',
  'busy',
  'failed',
]);

/**
 * A due event may still start this long after `scheduled_time + flexible_time_minutes`: the
 * scheduler polls, so a call due at the window's last second starts a moment later.
 */
export const startGraceMs = 60_000;

/** The end of an event's flexible window: scheduled_time + flexible_time_minutes. */
export function flexibleWindowEnd(event: { scheduledTime: Date; flexibleTimeMinutes: number }) {
  return new Date(event.scheduledTime.getTime() + event.flexibleTimeMinutes * 60_000);
}

export type AfterAttempt =
  | { kind: 'final'; status: 'completed' | 'failed'; reason: string | null }
  | { kind: 'retry'; at: Date; reason: string };

const outcomeWords: Record<string, string> = {
  'no-answer': 'No answer',
  busy: 'Busy',
  failed: 'The call failed',
};

/**
 * What follows an attempt's outcome: answered and voicemail complete the event; no-answer, busy
 * and failed are retried after a growing delay while retries are left and the retry still starts
 * inside the flexible window (the calling window is checked by the caller); else the event failed.
 */
export function afterAttempt(input: {
  outcome: string;
  /** Attempts made so far, this one included. */
  attemptsMade: number;
  maxRetries: number;
  endedAt: Date;
  windowEnd: Date;
}): AfterAttempt {
  const { outcome, attemptsMade, maxRetries, endedAt, windowEnd } = input;
  if (outcome === 'answered') return { kind: 'final', status: 'completed', reason: null };
  if (outcome === 'voicemail')
    return { kind: 'final', status: 'completed', reason: 'Voicemail: the message was left' };
  const what = outcomeWords[outcome] ?? outcome;
  if (!retriedOutcomes.has(outcome)) return { kind: 'final', status: 'failed', reason: `${what}` };
  const retry = attemptsMade; // retry number this would be
  if (retry > maxRetries)
    return {
      kind: 'final',
      status: 'failed',
      reason: `${what} after ${attemptsMade} attempt${attemptsMade === 1 ? '' : 's'}: no retries left`,
    };
  const at = new Date(endedAt.getTime() + retryDelayMinutes(retry) * 60_000);
  if (at > windowEnd)
    return {
      kind: 'final',
      status: 'failed',
      reason: `${what}: the flexible window ends before another attempt`,
    };
  return { kind: 'retry', at, reason: `${what}: retry ${retry} of ${maxRetries}` };
}

import type { OutcomeRerunRequest } from '@parley/api-client';

/** The rerun's days as the API's instants (the reader's time zone). No React here. */

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd of the day `days` before `now` (the reader's day). */
export function daysAgo(days: number, now: Date = new Date()): string {
  const d = new Date(now);
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The start of a yyyy-mm-dd day (plus `plusDays`) in the reader's time zone; null if not a day. */
function startOf(day: string, plusDays = 0): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The rerun's body: from the start of `since` to the end of `until` (the start of the next day),
 * or until now when `until` is empty. Null when `since` is not a day.
 */
export function rerunRequest(since: string, until: string): OutcomeRerunRequest | null {
  const from = startOf(since);
  if (!from) return null;
  const to = until ? startOf(until, 1) : null;
  return { since: from.toISOString(), ...(to ? { until: to.toISOString() } : {}) };
}

/** Why the days cannot be sent (said under the control), or null. */
export function rerunProblem(since: string, until: string): string | null {
  if (!startOf(since)) return 'Ended since: choose a day';
  if (until && !startOf(until)) return 'Ended until: choose a day, or leave it empty';
  if (until && until < since) return 'Ended until must not be before Ended since';
  return null;
}

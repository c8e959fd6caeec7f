/**
 * The scheduler's arithmetic, kept apart from its queries: how many of an organization's due
 * events a batch may take (the concurrency cap), how many dials the sending limit still lets
 * through, and when the scheduler should wake next.
 */

/**
 * The events an organization's batch takes: every taken-over claim (its call is already
 * counted among the running ones), then as many fresh ones as the cap leaves room for — none
 * while its dialling is paused.
 */
export function admit<T>(
  cap: { maxConcurrent: number; running: number; paused: boolean },
  takeovers: readonly T[],
  fresh: readonly T[],
): T[] {
  const room = cap.paused ? 0 : Math.max(0, cap.maxConcurrent - cap.running);
  return [...takeovers, ...fresh.slice(0, room)];
}

/** How many more sends fit in both windows of a sending limit (0 when either is full). */
export function sendRoom(
  limit: { perMinute: number; perDay: number },
  usage: { lastMinute: number; lastDay: number },
): number {
  return Math.max(0, Math.min(limit.perMinute - usage.lastMinute, limit.perDay - usage.lastDay));
}

/**
 * Milliseconds until the scheduler should run again for work that falls due at `next`, when
 * that is sooner than its regular round (`pollMs`); else null (the round comes first). Work
 * already due is null too: what is due and still waiting waits for a slot, a window or a
 * Resume, which the regular round (or a wake) checks — a timer at 0 would spin.
 */
export function nextWakeDelay(next: Date | null, now: Date, pollMs: number): number | null {
  if (!next) return null;
  const delay = next.getTime() - now.getTime();
  return delay > 0 && delay < pollMs ? delay : null;
}

/** Items grouped by a key, in order of first appearance. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

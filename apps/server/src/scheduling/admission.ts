/**
 * The scheduler's arithmetic, kept apart from its queries: how many of an organization's due
 * events a batch may take (the concurrency cap), how many dials the sending limit still lets
 * through.
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

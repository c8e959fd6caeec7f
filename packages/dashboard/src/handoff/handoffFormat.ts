import type { ConversationSummary, Handoff } from '@parley/api-client';

/**
 * Handoff to people in the console (issue 41): how long a conversation has waited for a person,
 * when a wait counts as long, the words of the views. No React here.
 */

/** A wait this long or longer is shown as a long wait. */
export const longWaitMs = 10 * 60_000;

/** '<1 min', '7 min', '1 h 5 min', '2 d 3 h'. */
export function formatWaited(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return '<1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** How long a request has waited at `now` (ms since the epoch). */
export const waitedMs = (handoff: Pick<Handoff, 'requested_at'>, now: number) =>
  now - Date.parse(handoff.requested_at);

export const isLongWait = (handoff: Pick<Handoff, 'requested_at'>, now: number) =>
  waitedMs(handoff, now) >= longWaitMs;

export const handoffTexts = {
  title: 'Needs a person',
  empty: 'Nobody is waiting for a person',
  emptyHint:
    'When an agent asks for a person, or a visitor presses Talk to a person, the conversation waits here until a member takes it over.',
  loading: 'Loading who is waiting...',
  loadFailed: 'Failed to load the waiting list',
  retry: 'Retry',
  waiting: (waited: string) => `Waiting ${waited}`,
  longWait: 'Long wait',
  outOfHours: 'Out of hours',
  byVisitor: 'Asked by the visitor',
  byAgent: 'Asked by the agent',
  reason: 'Reason',
  summary: 'Summary',
  summaryByModel: 'Summary by the agent’s model',
  summaryLastMessages: 'The last messages',
  takenBy: (name: string, after: string) => `Taken over by ${name} after ${after}`,
  transferred: (number: string) => `The call was put through to ${number}`,
  notifyOn: 'Turn on browser notifications',
  notifyOnHint: 'Get a notification on this computer when a conversation needs a person.',
  notifyActive: 'Browser notifications are on for this computer.',
  notifyOff: 'Turn off',
  notifyDenied:
    'This browser blocks notifications from this site: allow them in the site settings to be told here.',
  notifyUnsupported: 'This browser cannot show notifications.',
  notificationTitle: 'A conversation needs a person',
} as const;

/** The request behind a waiting row (the waiting list only holds ones with a request). */
export const handoffOf = (c: Pick<ConversationSummary, 'handoff'>) => c.handoff ?? null;

/** The ids among `next` that were not waiting before (`seen`): each gets one notification. */
export function newlyWaiting(seen: ReadonlySet<string>, next: Array<{ id: string }>): string[] {
  return next.filter((c) => !seen.has(c.id)).map((c) => c.id);
}

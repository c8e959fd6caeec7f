import { phoneFormatMessage, phonePattern, type SchedulingSettings } from '@parley/api-client';

/**
 * The organization's dialling rules as the Outbound tab edits them (docs/scheduled-calls.md):
 * the calling window in the recipient's own time, the cap on simultaneous calls, and the
 * do-not-call list.
 */
export type DiallingForm = SchedulingSettings;

export const diallingMessages = {
  sameTimes: 'The window must end at another time than it starts (it would never open)',
  cap: 'Between 1 and 100 calls at once',
  saved: 'Dialling settings saved',
  added: (phone: string) => `${phone} will not be called`,
  removed: (phone: string) => `${phone} removed from the do-not-call list`,
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** Every half hour of the day, '00:00' to '24:00'. */
export const halfHours: string[] = Array.from(
  { length: 49 },
  (_, i) => `${pad(Math.floor(i / 2))}:${i % 2 ? '30' : '00'}`,
);

/** The window's choices: the half hours ('24:00' only as an end), and the current value. */
export function windowChoices(edge: 'start' | 'end', current: string) {
  const times = halfHours.filter((t) => (edge === 'start' ? t !== '24:00' : t !== '00:00'));
  if (current && !times.includes(current)) times.push(current);
  times.sort();
  return times.map((t) => ({ value: t, label: t }));
}

/** The window in words: 'Any time', '08:00–21:00', or '22:00–06:00 (overnight)'. */
export function describeWindow(
  form: Pick<DiallingForm, 'calling_window_start' | 'calling_window_end'>,
) {
  const { calling_window_start: start, calling_window_end: end } = form;
  if (start === '00:00' && end === '24:00') return 'Any time';
  return start > end ? `${start}–${end} (overnight)` : `${start}–${end}`;
}

export function validateDialling(form: DiallingForm): Partial<Record<keyof DiallingForm, string>> {
  const errors: Partial<Record<keyof DiallingForm, string>> = {};
  if (form.calling_window_start === form.calling_window_end)
    errors.calling_window_end = diallingMessages.sameTimes;
  const cap = form.max_concurrent_calls;
  if (!Number.isInteger(cap) || cap < 1 || cap > 100)
    errors.max_concurrent_calls = diallingMessages.cap;
  return errors;
}

/** A number for the do-not-call list: E.164 (the spec's phone message), else the reason. */
export function validateDoNotCallNumber(phone: string): string | null {
  return phonePattern.test(phone.trim()) ? null : phoneFormatMessage;
}

import {
  businessHoursSchema,
  toValidationError,
  weekdayValues,
  type BusinessHours,
  type BusinessHoursInput,
  type Weekday,
} from '@parley/api-client';

/**
 * The business hours editor's plain logic (issue 41): the form's values, the request they make,
 * and each error at its field — the contract's own schema checks the form before it is sent, and
 * the server's 400 (`issues`, fields such as `days.mon.0`) lands on the same fields.
 */

export interface HoursRange {
  from: string;
  to: string;
}

export interface BusinessHoursForm {
  timeZone: string;
  days: Record<Weekday, HoursRange[]>;
  holidays: string[];
  outOfHoursMessage: string;
}

export const weekdayLabels: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const hoursTexts = {
  heading: 'Business hours',
  intro:
    'When the team answers. A conversation that asks for a person outside these hours still waits in Needs a person; the person is told the out-of-hours message, and the morning shift sees it first.',
  timeZone: 'Time zone',
  timeZoneHint: 'An IANA name, such as Europe/Paris or America/New_York.',
  closed: 'Closed',
  opens: 'Opens',
  closes: 'Closes',
  addHours: 'Add hours',
  remove: 'Remove',
  holidays: 'Holidays',
  holidaysHint: 'Closed all day on these dates (in the time zone above).',
  holiday: 'Holiday',
  addHoliday: 'Add holiday',
  noHolidays: 'No holidays.',
  message: 'Out-of-hours message',
  messageHint: 'What a person is told when they ask for someone outside these hours.',
  save: 'Save business hours',
  saving: 'Saving...',
  saved: 'Business hours saved.',
  saveFailed: 'Could not save the business hours',
  loading: 'Loading business hours...',
  loadFailed: 'Failed to load the business hours',
  managersOnly: 'Only an owner or admin can change business hours.',
} as const;

export function toForm(hours: BusinessHours): BusinessHoursForm {
  return {
    timeZone: hours.time_zone,
    days: Object.fromEntries(
      weekdayValues.map((d) => [d, (hours.days[d] ?? []).map(([from, to]) => ({ from, to }))]),
    ) as Record<Weekday, HoursRange[]>,
    holidays: [...hours.holidays],
    outOfHoursMessage: hours.out_of_hours_message,
  };
}

/** The request body (an empty holiday field is left out: it was added and not filled in). */
export function toRequest(form: BusinessHoursForm): BusinessHoursInput {
  return {
    time_zone: form.timeZone.trim(),
    days: Object.fromEntries(
      weekdayValues.map((d) => [d, form.days[d].map((r) => [r.from, r.to] as [string, string])]),
    ) as BusinessHoursInput['days'],
    holidays: form.holidays.filter((h) => h !== ''),
    out_of_hours_message: form.outOfHoursMessage,
  };
}

/** Errors by field, as the server names them ('time_zone', 'days.mon.0', 'holidays.1' …). */
export type HoursErrors = Record<string, string>;

export function errorsFromIssues(issues: Array<{ field: string; message: string }>): HoursErrors {
  const out: HoursErrors = {};
  for (const issue of issues) out[issue.field] ??= issue.message;
  return out;
}

/** The form checked by the contract's schema: no errors, or each at its field. */
export function validateForm(form: BusinessHoursForm): HoursErrors {
  const parsed = businessHoursSchema.safeParse(toRequest(form));
  return parsed.success ? {} : errorsFromIssues(toValidationError(parsed.error).issues);
}

/** The message for one range: its own, or one about either of its times. */
export function rangeError(errors: HoursErrors, day: Weekday, index: number): string | undefined {
  const key = `days.${day}.${index}`;
  return errors[key] ?? errors[`${key}.0`] ?? errors[`${key}.1`];
}

/** The field of a server error's message ('days.mon.0: must end after it starts' → 'days.mon.0'). */
export function fieldOfError(message: string): { field: string; message: string } | null {
  const match = /^([a-z_]+(?:\.[a-z0-9_]+)*): (.+)$/.exec(message);
  return match ? { field: match[1]!, message: match[2]! } : null;
}

export function withRange(form: BusinessHoursForm, day: Weekday): BusinessHoursForm {
  const last = form.days[day].at(-1);
  const next = last
    ? { from: last.to, to: last.to < '23:00' ? '23:00' : '24:00' }
    : { from: '09:00', to: '17:00' };
  return { ...form, days: { ...form.days, [day]: [...form.days[day], next] } };
}

export function withoutRange(form: BusinessHoursForm, day: Weekday, index: number) {
  return { ...form, days: { ...form.days, [day]: form.days[day].filter((_, i) => i !== index) } };
}

export function withRangeValue(
  form: BusinessHoursForm,
  day: Weekday,
  index: number,
  patch: Partial<HoursRange>,
): BusinessHoursForm {
  return {
    ...form,
    days: {
      ...form.days,
      [day]: form.days[day].map((r, i) => (i === index ? { ...r, ...patch } : r)),
    },
  };
}

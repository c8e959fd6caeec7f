import { minutesOf, type BusinessHours, type Weekday } from '@parley/api-client';

/** Where `now` falls in a time zone: the local weekday, date (YYYY-MM-DD) and minutes since midnight. */
export interface LocalMoment {
  weekday: Weekday;
  date: string;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local weekday, date and time of `now` in `timeZone` (an IANA name; Intl knows its rules). */
export function localMoment(now: Date, timeZone: string): LocalMoment {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    weekday: String(parts.weekday).toLowerCase().slice(0, 3) as Weekday,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/**
 * Whether the organization is open at `now`: not a holiday (its local date), and the local time
 * inside one of the day's ranges (from included, to excluded; '24:00' ends the day).
 */
export function isOpenAt(hours: BusinessHours, now: Date): boolean {
  const at = localMoment(now, hours.time_zone);
  if (hours.holidays.includes(at.date)) return false;
  return (hours.days[at.weekday] ?? []).some(
    ([from, to]) => at.minutes >= minutesOf(from) && at.minutes < minutesOf(to),
  );
}

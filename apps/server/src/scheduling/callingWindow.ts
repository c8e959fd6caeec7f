import { parsePhoneNumberFromString } from 'libphonenumber-js';
import ct from 'countries-and-timezones';
import { zonesForAreaCode, zonesForNationalNumber } from './areaCodeZones';

/**
 * The calling window: calls go out only between `start` and `end` ("HH:MM") in the recipient's
 * own time, derived from the number. When a number maps to several zones the window must be open
 * in every one of them. "00:00"–"24:00" means any time.
 */
export interface CallingWindow {
  start: string;
  end: string;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/**
 * The recipient's time zones (IANA), from the number: NANP area codes, Australian and Brazilian
 * area codes, else the country's.
 */
export function zonesForNumber(e164: string): string[] {
  const parsed = parsePhoneNumberFromString(e164);
  const country = parsed?.country;
  if (parsed && (country === 'US' || country === 'CA')) {
    const zones = zonesForAreaCode(parsed.nationalNumber.slice(0, 3));
    if (zones) return zones;
  }
  if (parsed && country) {
    const zones = zonesForNationalNumber(country, parsed.nationalNumber);
    if (zones) return zones;
  }
  if (country) {
    const zones = ct.getCountry(country)?.timezones ?? [];
    if (zones.length) return [...zones];
  }
  // A number whose country is unknown: its clock is unknown too, so no zone is assumed.
  return ['UTC'];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function localMinutes(instant: Date, zone: string): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  const parts = f.formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  const minute = Number(parts.find((p) => p.type === 'minute')!.value);
  return hour * 60 + minute;
}

/** Whether the window is always open ("00:00"–"24:00", or start equal to end at the day's ends). */
export function isAnyTime(window: CallingWindow): boolean {
  return minutesOf(window.start) === 0 && minutesOf(window.end) === 24 * 60;
}

/** Whether `instant` is inside the window in every one of `zones`. */
export function isWindowOpen(instant: Date, zones: string[], window: CallingWindow): boolean {
  if (isAnyTime(window)) return true;
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  return zones.every((zone) => {
    const m = localMinutes(instant, zone);
    // A window over midnight (22:00–06:00) wraps.
    return start <= end ? m >= start && m < end : m >= start || m < end;
  });
}

/**
 * The first instant at or after `from` when the window is open in every zone (minute steps,
 * up to two days ahead); null when it never opens (zones too far apart for the window).
 */
export function nextWindowOpening(from: Date, zones: string[], window: CallingWindow): Date | null {
  if (isWindowOpen(from, zones, window)) return from;
  const step = 60_000;
  let t = Math.ceil(from.getTime() / step) * step;
  for (let i = 0; i < 2 * 24 * 60; i++, t += step) {
    if (isWindowOpen(new Date(t), zones, window)) return new Date(t);
  }
  return null;
}

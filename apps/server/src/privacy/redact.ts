import type { CountryCode } from 'libphonenumber-js/max';
import { redactCategories, type RedactCategory } from '@parley/api-client';
import {
  findCards,
  findEmails,
  findIbans,
  findIps,
  findPhones,
  findSsns,
  type DetectOptions,
} from './detectors';
import { digitRuns, type Span } from './scan';

/** The placeholder each category of personal data is replaced by. */
export const placeholders: Record<RedactCategory, string> = {
  card: '[CARD]',
  phone: '[PHONE]',
  email: '[EMAIL]',
  iban: '[IBAN]',
  ssn: '[SSN]',
  ip: '[IP]',
};

interface Found extends Span {
  category: RedactCategory;
}

/**
 * Which detector wins where two overlap: the stricter first (a card number is also a string of
 * digits libphonenumber might read as a number; an e-mail's domain could hold an IP).
 */
const priority: RedactCategory[] = ['email', 'iban', 'card', 'ssn', 'ip', 'phone'];

export interface RedactOptions extends DetectOptions {
  /** The categories to replace (default: all of them). */
  categories?: readonly RedactCategory[];
}

export interface Redaction {
  text: string;
  /** How many of each category were replaced (only those found). */
  counts: Partial<Record<RedactCategory, number>>;
}

/** Every category's spans in the text, the stricter category kept where two overlap. */
export function detect(text: string, options: RedactOptions = {}): Found[] {
  const wanted = new Set(options.categories ?? redactCategories);
  const runs = wanted.has('card') || wanted.has('ssn') ? digitRuns(text) : [];
  const found: Found[] = [];
  const add = (category: RedactCategory, spans: () => Span[]) => {
    if (!wanted.has(category)) return;
    for (const s of spans()) found.push({ ...s, category });
  };
  add('email', () => findEmails(text));
  add('iban', () => findIbans(text));
  add('card', () => findCards(text, runs));
  add('ssn', () => findSsns(text, runs));
  add('ip', () => findIps(text));
  add('phone', () => findPhones(text, options, found));
  found.sort(
    (a, b) => priority.indexOf(a.category) - priority.indexOf(b.category) || a.start - b.start,
  );
  // Accepted spans by start; a later (weaker) span overlapping one is dropped.
  const kept: Found[] = [];
  for (const f of found) {
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid]!.start < f.start) lo = mid + 1;
      else hi = mid;
    }
    const before = kept[lo - 1];
    const after = kept[lo];
    if ((before && before.end > f.start) || (after && after.start < f.end)) continue;
    kept.splice(lo, 0, f);
  }
  return kept;
}

/** The text with each piece of personal data replaced by its category's placeholder. */
export function redact(text: string, options: RedactOptions = {}): Redaction {
  const spans = detect(text, options);
  if (!spans.length) return { text, counts: {} };
  const counts: Redaction['counts'] = {};
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.start) + placeholders[s.category];
    counts[s.category] = (counts[s.category] ?? 0) + 1;
    at = s.end;
  }
  return { text: out + text.slice(at), counts };
}

export type { CountryCode };

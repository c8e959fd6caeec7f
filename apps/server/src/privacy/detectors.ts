// The personal-data detectors of redacted storage: validated rules, not loose patterns. Cards by
// their brand's number ranges and the Luhn check, IBANs by their country format and ISO 7064
// checksum (ibantools), phone numbers by libphonenumber's metadata, e-mail addresses and IP
// addresses by validator, US Social Security numbers by their structural rules. Candidates are
// found by the linear scans of scan.ts; each is small before a validator sees it.
import { isValidIBAN } from 'ibantools';
import { findNumbers, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import isCreditCard from 'validator/lib/isCreditCard';
import isEmail from 'validator/lib/isEmail';
import isIP from 'validator/lib/isIP';
import {
  digitRuns,
  groupDigits,
  isAsciiLetter,
  isDigit,
  isHex,
  isWordChar,
  segments,
  type DigitRun,
  type Span,
} from './scan';

export interface DetectOptions {
  /** The country of numbers written without their country code ("(415) 555-2671"); none: only +… */
  region?: CountryCode | null;
}

/** The Luhn (mod 10) check of a card number's digits. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card brands' numbers start with 2–6 or 8 (1800: old JCB): others are not tried. */
function brandStart(text: string, run: DigitRun, from: number): boolean {
  const at = run.groups[from]!.start;
  const c = text.charCodeAt(at);
  return (c >= 50 && c <= 54) || c === 56 || (c === 49 && text.startsWith('1800', at));
}

/** Card numbers (13–19 digits, written together or in groups): a known brand's range and Luhn. */
export function findCards(text: string, runs: DigitRun[] = digitRuns(text)): Span[] {
  const out: Span[] = [];
  for (const run of runs) {
    let from = 0;
    while (from < run.groups.length) {
      let best = -1;
      let digits = 0;
      for (let to = from; to < run.groups.length; to++) {
        digits += run.groups[to]!.end - run.groups[to]!.start;
        if (digits > 19) break;
        if (digits >= 13 && digits <= 19 && brandStart(text, run, from)) {
          const number = groupDigits(text, run, from, to);
          if (luhn(number) && isCreditCard(number)) best = to;
        }
      }
      if (best < 0) {
        from++;
        continue;
      }
      out.push({ start: run.groups[from]!.start, end: run.groups[best]!.end });
      from = best + 1;
    }
  }
  return out;
}

/** Numbers the SSA never issued or that were published as examples (so never a person's). */
const exampleSsns = new Set(['078051120', '219099999', '457555462']);

/** Whether nine digits follow the SSN structure: area 001–899 but 666, group 01–99, serial 0001–9999. */
export function isSsn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || exampleSsns.has(digits)) return false;
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  return area > 0 && area !== 666 && area < 900 && group > 0 && serial > 0;
}

const ssnWords = ['ssn', 'social security', 'soc sec', 'ss#', 'ss #'];

/**
 * US Social Security numbers: written AAA-GG-SSSS (or with spaces, one kind of separator), or
 * nine digits together right after the words "SSN" or "social security".
 */
export function findSsns(text: string, runs: DigitRun[] = digitRuns(text)): Span[] {
  const out: Span[] = [];
  for (const run of runs) {
    const sizes = run.groups.map((g) => g.end - g.start);
    const grouped =
      sizes.length === 3 &&
      sizes[0] === 3 &&
      sizes[1] === 2 &&
      sizes[2] === 4 &&
      run.separators[0] === run.separators[1];
    const bare =
      sizes.length === 1 &&
      sizes[0] === 9 &&
      ssnWords.some((w) =>
        text
          .slice(Math.max(0, run.start - 40), run.start)
          .toLowerCase()
          .includes(w),
      );
    if ((grouped || bare) && isSsn(groupDigits(text, run, 0, run.groups.length - 1)))
      out.push({ start: run.start, end: run.end });
  }
  return out;
}

/** IBANs: a country code, check digits and the country's BBAN (spaces every 4 allowed), mod 97. */
export function findIbans(text: string): Span[] {
  const out: Span[] = [];
  const n = text.length;
  for (let p = 0; p + 4 <= n; p++) {
    if (
      !isAsciiLetter(text.charCodeAt(p)) ||
      !isAsciiLetter(text.charCodeAt(p + 1)) ||
      !isDigit(text.charCodeAt(p + 2)) ||
      !isDigit(text.charCodeAt(p + 3)) ||
      (p > 0 && isWordChar(text.charCodeAt(p - 1)))
    )
      continue;
    // Alphanumerics with single spaces between groups, at most 34 of them: each group end is a
    // place the IBAN may stop (a word may follow it after a space).
    let i = p;
    let chars = '';
    const ends: Array<{ at: number; length: number }> = [];
    while (i < n && chars.length < 34) {
      const c = text.charCodeAt(i);
      if (isDigit(c) || isAsciiLetter(c)) {
        chars += text[i]!.toUpperCase();
        i++;
        continue;
      }
      ends.push({ at: i, length: chars.length });
      if (
        c === 32 &&
        i + 1 < n &&
        (isDigit(text.charCodeAt(i + 1)) || isAsciiLetter(text.charCodeAt(i + 1)))
      ) {
        i++;
        continue;
      }
      break;
    }
    if (i >= n || chars.length >= 34) ends.push({ at: i, length: chars.length });
    for (let k = ends.length - 1; k >= 0; k--) {
      const end = ends[k]!;
      if (end.length < 15) break;
      if (isWordChar(text.charCodeAt(end.at))) continue;
      if (isValidIBAN(chars.slice(0, end.length))) {
        out.push({ start: p, end: end.at });
        p = end.at - 1;
        break;
      }
    }
  }
  return out;
}

const localChars = new Set(
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~.-",
);
const isDomainChar = (c: number) =>
  isDigit(c) || isAsciiLetter(c) || c === 45 || c === 46 || (c >= 0xc0 && isWordChar(c));

/** E-mail addresses around each '@' (local part at most 64 characters, domain 253), by validator. */
export function findEmails(text: string): Span[] {
  const out: Span[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf('@', from);
    if (at < 0) break;
    from = at + 1;
    let start = at;
    while (start > 0 && at - start < 64 && localChars.has(text[start - 1]!)) start--;
    while (start < at && text[start] === '.') start++;
    let end = at + 1;
    while (end < text.length && end - at <= 253 && isDomainChar(text.charCodeAt(end))) end++;
    while (end > at + 1 && (text[end - 1] === '.' || text[end - 1] === '-')) end--;
    if (start === at || end === at + 1) continue;
    const candidate = text.slice(start, end);
    if (isEmail(candidate, { allow_utf8_local_part: false, require_tld: true })) {
      out.push({ start, end });
      from = end;
    }
  }
  return out;
}

/**
 * An IPv6 address as people paste them: three groups or more, or one of four digits ('fe80::1'),
 * or the loopback '::1' (code such as 'a::b' is valid IPv6 but nobody's address).
 */
function plausibleV6(candidate: string): boolean {
  if (candidate === '::1') return true;
  const groups = candidate.split(':').filter(Boolean);
  return groups.length >= 3 || groups.some((g) => g.length === 4);
}

const versionWords = /(?:version|ver\.?|v|firmware|build|release|rev\.?)\s*$/i;

/** IPv4 (four parts) and IPv6 addresses standing alone, by validator; version numbers are not. */
export function findIps(text: string): Span[] {
  const out: Span[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const prev = i > 0 ? text.charCodeAt(i - 1) : NaN;
    const startsHere =
      (isHex(c) || c === 58) &&
      (Number.isNaN(prev) || !(isWordChar(prev) || prev === 58 || prev === 46));
    if (!startsHere) {
      i++;
      continue;
    }
    let j = i;
    let colons = 0;
    let dots = 0;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d === 58) colons++;
      else if (d === 46) dots++;
      else if (!isHex(d)) break;
      j++;
    }
    let end = j;
    // A sentence's full stop or colon after the address is not part of it.
    if (text[end - 1] === '.' || (text[end - 1] === ':' && text[end - 2] !== ':')) {
      if (text[end - 1] === '.') dots--;
      else colons--;
      end--;
    }
    const after = text.charCodeAt(end);
    const free = Number.isNaN(after) || !isWordChar(after) || end < j;
    const candidate = text.slice(i, end);
    if (free && end - i <= 45) {
      const v4 = colons === 0 && dots === 3 && isIP(candidate, 4);
      const v6 = colons >= 2 && plausibleV6(candidate) && isIP(candidate, 6);
      if ((v4 && !versionWords.test(text.slice(Math.max(0, i - 12), i))) || v6)
        out.push({ start: i, end });
    }
    i = Math.max(j, i + 1);
  }
  return out;
}

/** Where a number's digit groups end, counted in its national significant number. */
function groupEnds(groups: string[], nsnLength: number): number[] {
  const total = groups.reduce((n, g) => n + g.length, 0);
  const ends: number[] = [];
  let at = 0;
  for (const g of groups.slice(0, -1)) {
    at += g.length;
    const inNsn = at - (total - nsnLength);
    if (inNsn > 0) ends.push(inNsn);
  }
  return ends;
}

/**
 * Google's "strict grouping" (libphonenumber-js finds only "possible" or "valid" numbers): the
 * digits are written together or split where the country's format splits them, so codes such as
 * "123-45-6789-01" or "2024-000123" are not read as numbers although their digits would be one.
 */
export function groupedAsWritten(raw: string, number: PhoneNumber): boolean {
  const written = raw.match(/\d+/g) ?? [];
  if (written.length <= 1) return true;
  const nsn = number.nationalNumber.length;
  const formatted = number.format('INTERNATIONAL').replace(/^\+\d+\s*/, '');
  const allowed = new Set(groupEnds(formatted.match(/\d+/g) ?? [], nsn));
  if (!allowed.size) return true;
  return groupEnds(written, nsn).every((end) => allowed.has(end));
}

/** Characters a written phone number is made of (digits, +, brackets, separators). */
const isPhoneChar = (c: number) =>
  isDigit(c) ||
  c === 32 ||
  c === 43 ||
  c === 40 ||
  c === 41 ||
  c === 45 ||
  c === 46 ||
  c === 47 ||
  c === 0xa0;

/**
 * Stretches of phone-number characters with at least 7 digits: only these (with a few characters
 * of context on each side, for the finder's own checks) are given to libphonenumber.
 */
export function phoneWindows(text: string): Span[] {
  const out: Span[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (!(isDigit(c) || c === 43 || c === 40)) {
      i++;
      continue;
    }
    let j = i;
    let digits = 0;
    while (j < n && isPhoneChar(text.charCodeAt(j))) {
      if (isDigit(text.charCodeAt(j))) digits++;
      j++;
    }
    if (digits >= 7) out.push({ start: i, end: j });
    i = j;
  }
  return out;
}

/** The finder sees at most this many characters of one stretch at once (cut on spaces). */
export const phoneWindowChars = 120;
const phoneContext = 8;
/**
 * The characters of one text the finder reads at most (digit-dense text costs it a few µs per
 * character: some 50 ms on a free core); the stretches past
 * that are replaced whole when they hold 7 digits or more, unread: a mail made of digits costs
 * no more than this, and nothing in it is stored unredacted.
 */
export const phoneFinderBudget = 16_000;

/**
 * Phone numbers by libphonenumber's finder (valid numbers of their country; without a region,
 * only numbers written with their +country code), in the stretches phoneWindows finds.
 */
export function findPhones(
  text: string,
  options: DetectOptions = {},
  /** Spans already found by a stricter detector (a card's digits): not searched again. */
  taken: readonly Span[] = [],
): Span[] {
  const out: Span[] = [];
  let budget = phoneFinderBudget;
  for (const win of phoneWindows(text)) {
    if (taken.some((t) => t.start <= win.start && t.end >= win.end)) continue;
    for (const seg of segments(text.slice(win.start, win.end), phoneWindowChars)) {
      budget -= seg.end - seg.start;
      if (budget < 0) {
        // Past the budget (a text made of digits): fail closed, without the finder.
        const digits = text.slice(win.start + seg.start, win.start + seg.end).replace(/\D/g, '');
        if (digits.length >= 7)
          out.push({ start: win.start + seg.start, end: win.start + seg.end });
        continue;
      }
      const from = Math.max(0, win.start + seg.start - phoneContext);
      const to = Math.min(text.length, win.start + seg.end + phoneContext);
      const piece = text.slice(from, to);
      const found = findNumbers(
        piece,
        options.region ? { v2: true, defaultCountry: options.region } : { v2: true },
      );
      for (const f of found) {
        const start = from + f.startsAt;
        // Glued to a code by a hyphen or slash ("REF-…", "A/…"): part of that code.
        const before = text.charCodeAt(start - 1);
        if ((before === 45 || before === 47) && isWordChar(text.charCodeAt(start - 2))) continue;
        if (!groupedAsWritten(piece.slice(f.startsAt, f.endsAt), f.number)) continue;
        out.push({ start, end: from + f.endsAt });
      }
    }
  }
  return out;
}

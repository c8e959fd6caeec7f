// Linear-time candidate scanning for the redaction detectors (privacy/detectors.ts): one pass
// over character codes, no regular expression runs over the whole text. Every candidate is small
// and bounded (a card at most 19 digits, an IBAN 34 characters, an e-mail address 64 + 255).

/** A span of the text found to be personal data of one category. */
export interface Span {
  start: number;
  end: number;
}

export const isDigit = (c: number) => c >= 48 && c <= 57;
export const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Letters (any script) and digits: what makes a neighbour part of the same word. */
export function isWordChar(c: number): boolean {
  if (isDigit(c) || isAsciiLetter(c) || c === 95) return true;
  // Letters beyond ASCII (é, ß, ж, 中 …): treated as word characters.
  return c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && !(c >= 0x2000 && c <= 0x206f);
}
export const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** A run of digit groups separated by single spaces or hyphens ("4111 1111-1111 1111"). */
export interface DigitRun {
  start: number;
  end: number;
  /** Each group's [start, end) in the text. */
  groups: Span[];
  /** The separator between groups (' ' or '-'), one per gap. */
  separators: string[];
}

/** Whether the character at `i` ends a number there ("." or "," followed by a digit does not). */
function continuesNumber(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return false;
  if (isWordChar(c)) return true;
  if ((c === 46 || c === 44) && isDigit(text.charCodeAt(i + 1))) return true;
  return false;
}

/**
 * Every run of digit groups standing alone in the text (not glued to letters, digits or a decimal
 * point on either side), in one pass.
 */
export function digitRuns(text: string): DigitRun[] {
  const runs: DigitRun[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isDigit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    const groups: Span[] = [];
    const separators: string[] = [];
    let g = i;
    for (;;) {
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      groups.push({ start: g, end: i });
      const c = text.charCodeAt(i);
      if ((c === 32 || c === 45) && isDigit(text.charCodeAt(i + 1))) {
        separators.push(text[i]!);
        i++;
        g = i;
        continue;
      }
      break;
    }
    const before = start > 0 ? text.charCodeAt(start - 1) : NaN;
    const gluedBefore =
      (!Number.isNaN(before) && isWordChar(before)) ||
      ((before === 46 || before === 44) && isDigit(text.charCodeAt(start - 2)));
    if (!gluedBefore && !continuesNumber(text, i)) runs.push({ start, end: i, groups, separators });
  }
  return runs;
}

/** The digits of groups [from, to] of a run, concatenated. */
export function groupDigits(text: string, run: DigitRun, from: number, to: number): string {
  let out = '';
  for (let k = from; k <= to; k++) out += text.slice(run.groups[k]!.start, run.groups[k]!.end);
  return out;
}

/** How many ASCII digits the text has (a cheap check before the phone finder runs). */
export function countDigits(text: string, atLeast: number): boolean {
  let seen = 0;
  for (let i = 0; i < text.length; i++)
    if (isDigit(text.charCodeAt(i)) && ++seen >= atLeast) return true;
  return false;
}

/**
 * Cuts a long text into pieces of at most `max` characters, each cut on a line break or a space
 * that does not sit between two digits (a number written with spaces stays in one piece).
 */
export function segments(text: string, max: number): Span[] {
  const out: Span[] = [];
  let start = 0;
  while (text.length - start > max) {
    // Best: a line break; then a space after a word; then any space; else a hard cut.
    let line = -1;
    let word = -1;
    let space = -1;
    for (let i = start + max; i > start && line < 0; i--) {
      const c = text.charCodeAt(i);
      if (c === 10) line = i;
      else if (c === 32) {
        if (space < 0) space = i;
        if (word < 0 && !isDigit(text.charCodeAt(i - 1))) word = i;
      }
    }
    const cut = line > 0 ? line : word > 0 ? word : space > 0 ? space : start + max;
    out.push({ start, end: cut });
    start = cut;
  }
  out.push({ start, end: text.length });
  return out;
}

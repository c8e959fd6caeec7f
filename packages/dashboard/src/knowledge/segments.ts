import { segmentPreviewLength } from '@parley/api-client';

/** Chunk-01, Chunk-02 … (1-based, at least two digits). */
export function segmentLabel(index: number): string {
  return `Chunk-${String(index + 1).padStart(2, '0')}`;
}

/** The first 200 characters, with an ellipsis when the text is longer (spec §2). */
export function segmentPreview(content: string): { text: string; truncated: boolean } {
  if (content.length <= segmentPreviewLength) return { text: content, truncated: false };
  return { text: `${content.slice(0, segmentPreviewLength)}…`, truncated: true };
}

/** The real number of characters of a text (code points, so an emoji counts once). */
export function characterCount(text: string): number {
  return [...text].length;
}

/** '1 segment', '12 segments' (English plural rules). */
export function segmentsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${new Intl.PluralRules('en-US').select(count) === 'one' ? 'segment' : 'segments'}`;
}

export function wordsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'word' : 'words'}`;
}

/** What a document's or segment's switch reads: its real state (issues 12 and 27). */
export function enabledLabel(enabled: boolean): 'Enabled' | 'Disabled' {
  return enabled ? 'Enabled' : 'Disabled';
}

export function charactersLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'character' : 'characters'}`;
}

/** Retrieval scores as shown: four decimals. */
export function formatScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(4) : String(score);
}

/** A heading path ('Guide › Install › Linux') as its headings; none for ''. */
export function headingCrumbs(path: string | undefined): string[] {
  return (path ?? '')
    .split('›')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Whether a word of the text is one the index matched (terms are lower-cased stems: 'suppli'). */
function wordMatches(word: string, terms: string[]): boolean {
  const w = word.toLowerCase();
  return terms.some((t) => {
    if (w === t) return true;
    if (t.length >= 3 && w.startsWith(t)) return t.length >= 4 || w.length <= t.length + 2;
    // A stem that changed its last letter ('suppli' for 'supply', 'happi' for 'happy').
    return t.length >= 5 && w.length <= t.length + 3 && w.startsWith(t.slice(0, -1));
  });
}

/**
 * The text cut into plain and matched runs, for highlighting the query's words in a retrieved
 * passage as React text (never HTML). A word (letters, digits, `_`, joined by `.-/:@` as in
 * `pg_hba.conf`) is matched when it, or one of its parts, is a matched term or starts with its stem.
 */
export function highlightParts(
  text: string,
  terms: string[],
): Array<{ text: string; match: boolean }> {
  const wanted = terms.map((t) => t.toLowerCase()).filter(Boolean);
  const out: Array<{ text: string; match: boolean }> = [];
  const push = (t: string, match: boolean) => {
    if (!t) return;
    const last = out[out.length - 1];
    if (last && last.match === match) last.text += t;
    else out.push({ text: t, match });
  };
  let at = 0;
  if (wanted.length)
    for (const m of text.matchAll(/[\p{L}\p{N}_]+(?:[.\-/:@][\p{L}\p{N}_]+)*/gu)) {
      const word = m[0];
      const match =
        wordMatches(word, wanted) ||
        word.split(/[.\-/:@_]/).some((p) => p && wordMatches(p, wanted));
      if (!match) continue;
      push(text.slice(at, m.index), false);
      push(word, true);
      at = m.index + word.length;
    }
  push(text.slice(at), false);
  return out;
}

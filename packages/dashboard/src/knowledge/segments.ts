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

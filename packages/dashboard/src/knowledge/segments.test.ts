// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  charactersLabel,
  formatScore,
  headingCrumbs,
  highlightParts,
  segmentLabel,
  segmentPreview,
  segmentsLabel,
} from './segments';

describe('segments (spec §2)', () => {
  it('labels segments Chunk-01, Chunk-02 … Chunk-10, Chunk-100', () => {
    expect(segmentLabel(0)).toBe('Chunk-01');
    expect(segmentLabel(1)).toBe('Chunk-02');
    expect(segmentLabel(9)).toBe('Chunk-10');
    expect(segmentLabel(99)).toBe('Chunk-100');
  });

  it('given 200 characters or fewer › shows them all', () => {
    const text = 'a'.repeat(200);
    expect(segmentPreview(text)).toEqual({ text, truncated: false });
  });

  it('given more than 200 characters › cuts at 200 and adds an ellipsis', () => {
    const preview = segmentPreview(`${'b'.repeat(200)}TAIL`);
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe(`${'b'.repeat(200)}…`);
  });

  it('shows counts as characters and scores with four decimals', () => {
    expect(charactersLabel(1)).toBe('1 character');
    expect(charactersLabel(1234)).toBe('1,234 characters');
    expect(formatScore(0.87654)).toBe('0.8765');
  });
  it('counts segments with the plural rules: 1 segment, 0 and 2 segments', () => {
    expect(segmentsLabel(1)).toBe('1 segment');
    expect(segmentsLabel(0)).toBe('0 segments');
    expect(segmentsLabel(2)).toBe('2 segments');
    expect(segmentsLabel(1200)).toBe('1,200 segments');
  });
});

describe('why a record was found (issue 31)', () => {
  const marked = (text: string, terms: string[]) =>
    highlightParts(text, terms)
      .filter((p) => p.match)
      .map((p) => p.text);

  it('marks the words the index matched, by their stems, and keeps every character', () => {
    const text = 'The power supply: supplies <b>power</b> to pg_hba.conf, never to suppliers.';
    const parts = highlightParts(text, ['power', 'suppli', 'pg_hba.conf']);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(marked(text, ['power', 'suppli', 'pg_hba.conf'])).toEqual([
      'power',
      'supply',
      'supplies',
      'power',
      'pg_hba.conf',
      'suppliers',
    ]);
    expect(marked('Messages and a message.parts list', ['messag'])).toEqual([
      'Messages',
      'message.parts',
    ]);
    expect(marked('nothing here', [])).toEqual([]);
    // A short stem marks only words a little longer than itself.
    expect(marked('reuse the useful user', ['use'])).toEqual(['user']);
  });

  it('splits a heading path into its headings', () => {
    expect(headingCrumbs('Manual › Power supply › Fuses')).toEqual([
      'Manual',
      'Power supply',
      'Fuses',
    ]);
    expect(headingCrumbs('')).toEqual([]);
    expect(headingCrumbs(undefined)).toEqual([]);
  });
});

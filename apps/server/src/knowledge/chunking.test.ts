import { describe, expect, it } from 'vitest';
import { chunkSettingsSchema } from '@parley/api-client';
import {
  chunkDocument,
  chunkSection,
  cleanText,
  sectionHeadingLevel,
  splitSections,
  wordCount,
} from './chunking';

const defaults = chunkSettingsSchema.parse({});

describe('cleanText', () => {
  it('collapses every run of blanks to one space, exactly as the plain rule does', () => {
    const blanks = [' ', '\t', '\f', '\v', '\u00a0', 'a', 'b', '\n'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 500; n++) {
      const text = Array.from({ length: 40 }, () => blanks[Math.floor(random() * 8)]).join('');
      const reference = text
        .replace(/[ \t\f\v\u00a0]+/g, ' ')
        .replace(/ *\n */g, '\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
      expect(cleanText(text, { replaceExtraSpaces: true, removeUrlsEmails: false })).toBe(
        reference,
      );
    }
  });

  it('replaces extra spaces and blank lines when asked', () => {
    expect(
      cleanText('a   b\t\tc\n\n\n\nd  ', { replaceExtraSpaces: true, removeUrlsEmails: false }),
    ).toBe('a b c\n\nd');
    expect(cleanText('a   b', { replaceExtraSpaces: false, removeUrlsEmails: false })).toBe(
      'a   b',
    );
  });
  it('removes URLs and e-mail addresses when asked', () => {
    const text = 'Visit https://acme.test/x?y=1 or www.acme.test, mail help@acme.test now';
    expect(cleanText(text, { replaceExtraSpaces: true, removeUrlsEmails: true })).toBe(
      'Visit or , mail now',
    );
    expect(cleanText(text, { replaceExtraSpaces: true, removeUrlsEmails: false })).toContain(
      'help@acme.test',
    );
  });
});

describe('splitSections (structure-aware)', () => {
  const doc = [
    '# Clinic',
    'Intro text.',
    '## Hours',
    'Mon-Fri 8-18.',
    '### Holidays',
    'Closed on holidays.',
    '## Services',
    'Cardiology.',
  ].join('\n');
  it('headingPriority picks which heading levels start sections', () => {
    expect(sectionHeadingLevel(0)).toBe(1);
    expect(sectionHeadingLevel(50)).toBe(3);
    expect(sectionHeadingLevel(100)).toBe(6);
    const fine = splitSections(doc, {
      headingPriority: 50,
      minSectionSize: 1,
      maxSectionSize: 8000,
    });
    expect(fine).toHaveLength(4);
    expect(fine[2]).toBe('### Holidays\nClosed on holidays.');
    const coarse = splitSections(doc, {
      headingPriority: 20,
      minSectionSize: 1,
      maxSectionSize: 8000,
    });
    expect(coarse).toHaveLength(3);
    expect(coarse[1]).toContain('### Holidays');
  });
  it('merges sections below minSectionSize and splits above maxSectionSize', () => {
    const merged = splitSections(doc, {
      headingPriority: 100,
      minSectionSize: 40,
      maxSectionSize: 8000,
    });
    expect(merged.every((s) => s.length >= 40 || s === merged[merged.length - 1])).toBe(true);
    const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} ${'word '.repeat(30)}`).join(
      '\n\n',
    );
    const split = splitSections(long, {
      headingPriority: 50,
      minSectionSize: 50,
      maxSectionSize: 600,
    });
    expect(split.length).toBeGreaterThan(1);
    expect(split.every((s) => s.length <= 600)).toBe(true);
  });
});

describe('chunkSection', () => {
  const text = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
  it('keeps chunks within chunkSize and overlaps by the percentage', () => {
    const chunks = chunkSection(text, 100, 50);
    expect(chunks.every((c) => c.length <= 100)).toBe(true);
    const firstTail = chunks[0]!.split(' ').slice(-3).join(' ');
    expect(chunks[1]).toContain(firstTail);
  });
  it('with 0% overlap covers the text once, in order', () => {
    const chunks = chunkSection(text, 100, 0);
    expect(chunks.join(' ').split(' ')).toEqual(text.split(' '));
  });
  it('short sections stay whole', () => {
    expect(chunkSection('short', 100, 50)).toEqual(['short']);
  });
});

describe('chunkDocument', () => {
  it('cleans, sections and chunks; empty text gives no segments', () => {
    const segs = chunkDocument('# A\n' + 'alpha '.repeat(400) + '\n# B\nbeta', {
      ...defaults,
      chunkSize: 500,
      minSectionSize: 50,
    });
    expect(segs.length).toBeGreaterThan(3);
    expect(segs.every((s) => s.length <= 500)).toBe(true);
    expect(chunkDocument('   \n  ', defaults)).toEqual([]);
    expect(wordCount('one two  three\nfour')).toBe(4);
  });
});

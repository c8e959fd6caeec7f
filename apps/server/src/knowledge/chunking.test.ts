import { describe, expect, it } from 'vitest';
import { chunkSettingsSchema } from '@parley/api-client';
import {
  chunkDocument,
  chunkDocumentStructured,
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
    const byPriority = (headingPriority: number) =>
      splitSections(doc, { headingPriority, minSectionSize: 1, maxSectionSize: 8000 });
    const fine = byPriority(50);
    expect(fine).toHaveLength(4);
    expect(fine[2]).toBe('### Holidays\nClosed on holidays.');
    const coarse = byPriority(20);
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

describe('structure-aware chunking (issue 31)', () => {
  const settings = chunkSettingsSchema.parse({
    chunkSize: 200,
    chunkOverlap: 0,
    minSectionSize: 50,
    maxSectionSize: 4000,
  });

  it('a # inside a fenced code block is code, not a heading; the fence is never split', () => {
    const code = ['```sh', '# install the tool', 'npm install parley', '# then start it', '```'];
    const text = ['# Setup', '', 'Install first, then start the server.', '', ...code].join('\n');
    const segments = chunkDocumentStructured(text, settings, 'guide.md');
    expect(segments.every((s) => s.headingPath.join(' › ') === 'guide.md › Setup')).toBe(true);
    const holding = segments.filter((s) => s.content.includes('npm install parley'));
    expect(holding).toHaveLength(1);
    expect(holding[0]!.content).toContain(code.join('\n'));
  });

  it('keeps table rows and nested list items whole, and carries the heading path', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `| key_${i} | the value number ${i} |`);
    const items = Array.from(
      { length: 8 },
      (_, i) => `- item ${i} says something\n  - nested ${i} detail\n  - nested ${i} more`,
    );
    const text = ['# Doc', '## Settings', '', ...rows, '', '### Options', '', ...items].join('\n');
    const segments = chunkDocumentStructured(text, settings, 'manual');
    for (const s of segments) expect(s.content.length).toBeLessThanOrEqual(200);
    for (const row of rows) expect(segments.filter((s) => s.content.includes(row)).length).toBe(1);
    for (const item of items) expect(segments.some((s) => s.content.includes(item))).toBe(true);
    const option = segments.find((s) => s.content.includes('nested 7 more'))!;
    expect(option.headingPath).toEqual(['manual', 'Doc', 'Settings', 'Options']);
  });

  it('a plain-text document’s numbered clauses become its sections', () => {
    const text = [
      'Example License',
      '',
      '1. Definitions.',
      '"Work" means the work of authorship made available under this License, in any form.',
      '',
      '2. Grant of Copyright License.',
      'Each Contributor grants You a perpetual, worldwide, non-exclusive license to reproduce the Work.',
      '',
      '2.1 Conditions',
      'You must give any other recipients of the Work a copy of this License.',
    ].join('\n');
    const segments = chunkDocumentStructured(
      text,
      { ...settings, minSectionSize: 50, headingPriority: 50 },
      'Example.txt',
    );
    const grant = segments.find((s) => s.content.includes('perpetual'))!;
    expect(grant.headingPath).toEqual(['Example.txt', '2 Grant of Copyright License']);
    const conditions = segments.find((s) => s.content.includes('other recipients'))!;
    expect(conditions.headingPath).toEqual([
      'Example.txt',
      '2 Grant of Copyright License',
      '2.1 Conditions',
    ]);
  });

  it('an indented code block stays verbatim and whole', () => {
    const text = [
      '# Run',
      '',
      'Start it:',
      '',
      '    # comment, not a heading',
      '    parley start --port 3000',
      '',
      'Done.',
    ].join('\n');
    const segments = chunkDocumentStructured(text, settings);
    expect(
      segments.some((s) =>
        s.content.includes('    # comment, not a heading\n    parley start --port 3000'),
      ),
    ).toBe(true);
    expect(segments.every((s) => s.headingPath.join() === 'Run')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { fuseLists } from './retrieveFusion';
import type { RankedSegment } from './retrieveSql';

const seg = (id: string, allWords = false): RankedSegment => ({
  id,
  content: id,
  documentId: 'd',
  documentName: 'd.md',
  headingPath: '',
  position: 1,
  score: 0,
  allWords,
});

describe('hybrid fusion', () => {
  // Full-text: a (every word), b, c. Vector: c, b, x. By rank alone c and b (in both lists)
  // outrank a, which holds every query word (c's 1/61 + 1/63 is a hair above b's 2/62).
  const fullText = [seg('a', true), seg('b'), seg('c')];
  const semantic = [seg('c'), seg('b'), seg('x')];

  it('keeps passages holding every query word first, then fuses the rest by reciprocal rank', () => {
    expect(fuseLists(fullText, semantic, true).map((s) => s.id)).toEqual(['a', 'c', 'b', 'x']);
  });

  it('without the every-word rule, reciprocal rank alone decides', () => {
    expect(fuseLists(fullText, semantic, false).map((s) => s.id)).toEqual(['c', 'b', 'a', 'x']);
  });
});

import { describe, expect, it } from 'vitest';
import { fuseLists } from './retrieveFusion';
import type { RankedSegment } from './retrieveSql';

const seg = (id: string, allWords = false, score = 0): RankedSegment => ({
  id,
  content: id,
  documentId: 'd',
  documentName: 'd.md',
  headingPath: '',
  position: 1,
  score,
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

  it('says why: the vector similarity and the fusion score join the full-text parts', () => {
    const why = {
      matchedTerms: ['b'],
      textScore: 2,
      headingScore: 0,
      verbatim: false,
      phrase: false,
      identifiers: 0,
    };
    const fused = fuseLists(
      [{ ...seg('b'), why }],
      [seg('x', false, 0.8), seg('b', false, 0.5)],
      true,
    );
    const byId = Object.fromEntries(fused.map((s) => [s.id, s]));
    expect(byId.b!.why).toEqual({ ...why, vectorScore: 0.5, fusionScore: byId.b!.score });
    expect(byId.x!.why).toMatchObject({ fullText: false, matchedTerms: [], vectorScore: 0.8 });
    expect(byId.x!.why!.fusionScore).toBe(byId.x!.score);
  });
});

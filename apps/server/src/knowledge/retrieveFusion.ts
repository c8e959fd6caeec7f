import { fuseByRank } from './embeddings';
import type { RankedSegment, RetrievalWhy } from './retrieveSql';

/** A passage vector search alone found has no full-text parts. */
const vectorOnly: RetrievalWhy = {
  matchedTerms: [],
  textScore: 0,
  headingScore: 0,
  verbatim: false,
  phrase: false,
  identifiers: 0,
  fullText: false,
};

/**
 * Full-text and vector results fused by reciprocal rank; with `allWordsFirst`, passages holding
 * every query word stay first, as in full-text ranking (the vector list reorders and fills around
 * them). Ties by id. Each passage's `why` gains its vector similarity and its fusion score.
 */
export function fuseLists(
  fullText: RankedSegment[],
  semantic: RankedSegment[],
  allWordsFirst: boolean,
): RankedSegment[] {
  const fused = fuseByRank([fullText.map((s) => s.id), semantic.map((s) => s.id)]);
  const byId = new Map([...semantic, ...fullText].map((s) => [s.id, s]));
  const similarity = new Map(semantic.map((s) => [s.id, s.score]));
  const first = (id: string) => (allWordsFirst && byId.get(id)!.allWords ? 1 : 0);
  return [...fused.entries()]
    .sort((x, y) => first(y[0]) - first(x[0]) || y[1] - x[1] || x[0].localeCompare(y[0]))
    .map(([id, score]) => {
      const s = byId.get(id)!;
      const why = s.why ?? vectorOnly;
      return {
        ...s,
        score,
        why: { ...why, vectorScore: similarity.get(id) ?? null, fusionScore: score },
      };
    });
}

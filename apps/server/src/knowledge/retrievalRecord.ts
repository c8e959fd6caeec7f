import type { retrievalRecordSchema } from '@parley/api-client';
import type { z } from 'zod';
import type { RetrievedSegment } from './retrieveSql';

/**
 * A retrieved passage as the retrieval test answers it (the contract's `retrievalRecordSchema`):
 * its document, heading path and score, and why it was found (matched words, the score's parts,
 * the ordering rules that applied) so an owner can fix a knowledge base instead of guessing.
 */
export function retrievalRecord(s: RetrievedSegment): z.infer<typeof retrievalRecordSchema> {
  const why = s.why;
  const fullText = why !== undefined && why.fullText !== false;
  return {
    segment: {
      id: s.id,
      content: s.content,
      document: { id: s.documentId, name: s.documentName },
      heading_path: s.headingPath,
    },
    score: s.score,
    ...(why
      ? {
          why: {
            matched_terms: why.matchedTerms,
            full_text: fullText ? why.textScore : null,
            heading: fullText ? why.headingScore : null,
            vector: why.vectorScore ?? null,
            fusion: why.fusionScore ?? null,
            as_written: why.verbatim,
            phrase: why.phrase,
            identifiers: why.identifiers,
          },
        }
      : {}),
  };
}

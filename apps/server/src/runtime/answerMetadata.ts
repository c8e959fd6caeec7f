import type { Passage } from './offline';

/** How much of each passage an answer keeps (the thread shows where it drew on). */
export const passageExcerptChars = 240;

/**
 * What a stored answer records besides its text: the model's time to first token (ms; none for
 * the offline responder), how many passages retrieval gave, and which (source and an excerpt).
 * The inbox's thread and the agent's analytics read them.
 */
export function answerMetadata(
  passages: Passage[],
  firstTokenMs: number | undefined,
): Record<string, unknown> {
  return {
    ...(firstTokenMs === undefined ? {} : { llm_ttft_ms: firstTokenMs }),
    retrieved: passages.length,
    passages: passages.map((p) => ({
      source: p.source ?? null,
      excerpt: p.content.slice(0, passageExcerptChars),
    })),
  };
}

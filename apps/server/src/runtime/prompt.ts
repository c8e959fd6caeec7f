import type { Passage } from './offline';

/** System prompt + retrieved context, as the model receives it. */
export function systemMessage(systemPrompt: string | null, passages: Passage[]): string {
  const base = systemPrompt?.trim() || 'You are a helpful assistant.';
  if (passages.length === 0) return base;
  const context = passages.map((p, i) => `[${i + 1}] ${p.content.trim()}`).join('\n\n');
  return `${base}\n\nUse the following knowledge-base passages when they are relevant. If they do not answer the question, say so.\n\n${context}`;
}

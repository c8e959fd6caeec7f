import { providerEnvKeys, providerLabels, type ProviderId } from './model';

export interface Passage {
  content: string;
  source?: string;
}

/**
 * The offline responder: with no key for the chosen provider, it answers from the retrieved
 * passages and says plainly that no model was called.
 */
export function offlineAnswer(provider: ProviderId, query: string, passages: Passage[]): string {
  const head =
    `Offline responder: no ${providerLabels[provider]} API key is configured for this agent, so no model was called. ` +
    `Add a key in the agent's Model settings (or set ${providerEnvKeys[provider]} on the server) for real answers.`;
  if (passages.length === 0) {
    return `${head}\n\nI found nothing in this agent's knowledge bases for “${query.slice(0, 200)}”.`;
  }
  const quoted = passages
    .slice(0, 4)
    .map((p, i) => `${i + 1}. ${p.content.trim().slice(0, 600)}${p.source ? ` (${p.source})` : ''}`)
    .join('\n\n');
  return `${head}\n\nHere is what the knowledge base says about “${query.slice(0, 200)}”:\n\n${quoted}`;
}

/** Splits a text into word-sized chunks so the offline answer streams like a model's. */
export function* chunksOf(text: string): Generator<string> {
  const parts = text.match(/\S+\s*/g) ?? [text];
  for (const part of parts) yield part;
}

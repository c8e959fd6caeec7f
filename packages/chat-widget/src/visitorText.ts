/**
 * Visitors are not administrators: the server's offline responder opens its answer with set-up
 * instructions for the owner ('Offline responder: no OpenAI API key is configured … set
 * OPENAI_API_KEY on the server …'). The widget drops that paragraph (also while it streams in)
 * and shows its own short, neutral note instead (`labels.offline`).
 */
const offlineHead = 'Offline responder:';

export function visitorText(text: string): string {
  const trimmed = text.trimStart();
  if (!trimmed) return text;
  // Still streaming the first words of the head: show nothing yet.
  if (offlineHead.startsWith(trimmed)) return '';
  if (!trimmed.startsWith(offlineHead)) return text;
  const end = trimmed.indexOf('\n\n');
  return end === -1 ? '' : trimmed.slice(end + 2).trimStart();
}

/** Whether a text is (the start of) an offline responder answer. */
export function isOfflineAnswer(text: string): boolean {
  const trimmed = text.trimStart();
  return trimmed !== '' && (trimmed.startsWith(offlineHead) || offlineHead.startsWith(trimmed));
}

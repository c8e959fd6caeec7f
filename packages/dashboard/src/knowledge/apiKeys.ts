export { knowledgeApiKeyName } from '@parley/api-client';

/** Masked display: only the last 4 characters are shown (spec §9). */
export function maskToken(token: string): string {
  if (token.length <= 4) return '•'.repeat(token.length);
  return `${'•'.repeat(8)}${token.slice(-4)}`;
}

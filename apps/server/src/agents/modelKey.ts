import { isMaskedSecret } from '@parley/api-client';
import { sameDestination, secretNeedsRetyping } from '../lib/destination';

/**
 * The agent's stored model key goes only to the address it was saved for: its Live URL's scheme,
 * host and port (none: the provider's own API). A save that moves the Live URL elsewhere while
 * keeping the stored key (its masked value sent back, or no key at all) is refused naming the key's
 * field; a key typed again (or an empty one, which removes it) goes with the new address.
 */
export function assertModelKeyStays(
  agent: { modelApiKey: string | null; modelLiveUrl: string | null } | undefined,
  nextLiveUrl: string | null | undefined,
  givenKey: string | undefined,
  field: 'api_key' | 'model_api_key',
): void {
  if (!agent?.modelApiKey || nextLiveUrl === undefined) return;
  if (givenKey !== undefined && !isMaskedSecret(givenKey)) return;
  if (!sameDestination(agent.modelLiveUrl, nextLiveUrl)) throw secretNeedsRetyping(field);
}

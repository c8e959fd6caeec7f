/**
 * The voice providers (a tts_config / stt_config's provider: OpenAI, ElevenLabs, Cartesia,
 * Deepgram) and whose key serves a call: the agent's own, the organization's Integrations key,
 * else the server's environment key.
 */
/** Environment keys the server lends a voice / transcriber provider when the agent has none. */
export const voiceProviderEnvKeys: Record<string, string> = {
  openai: 'OPENAI_API_KEY',
  elevenlabs: 'ELEVEN_API_KEY',
  cartesian: 'CARTESIA_API_KEY',
  deepgram: 'DEEPGRAM_API_KEY',
};

/** The Integrations provider whose organization key serves a tts_config / stt_config provider. */
export const voiceProviderIntegrations: Record<string, string> = {
  openai: 'openai',
  elevenlabs: 'elevenlabs',
  cartesian: 'cartesia',
  deepgram: 'deepgram',
};

/** The provider a tts_config / stt_config chose ('' when none). */
export function providerOf(config: unknown): string {
  if (!config || typeof config !== 'object') return '';
  const provider = (config as Record<string, unknown>).provider;
  return typeof provider === 'string' ? provider : '';
}

/** A key stored in a provider block, unless empty or the masked form the console shows. */
function usableKey(value: unknown): string | null {
  return typeof value === 'string' && value.trim() && !value.includes('•') ? value.trim() : null;
}

/**
 * The key of the provider a tts_config / stt_config chose: the agent's own, else the
 * organization's (Integrations, keyed by integration provider), else the server's; or null.
 */
export function providerKey(
  config: unknown,
  env: Record<string, string | undefined>,
  orgKeys: Record<string, string | undefined> = {},
): string | null {
  if (!config || typeof config !== 'object') return null;
  const c = config as Record<string, unknown>;
  const provider = providerOf(config);
  const block = (c[provider] ?? {}) as Record<string, unknown>;
  const own = usableKey(block.api_key) ?? usableKey(block.tts_api_key);
  if (own) return own;
  const integration = voiceProviderIntegrations[provider];
  const org = integration ? usableKey(orgKeys[integration]) : null;
  if (org) return org;
  const name = voiceProviderEnvKeys[provider];
  if (provider === 'elevenlabs') return usableKey(env.ELEVEN_API_KEY ?? env.ELEVENLABS_API_KEY);
  return name ? usableKey(env[name]) : null;
}

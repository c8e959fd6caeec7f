/**
 * The voice backend URL is the agent URL with `/v1` removed (spec: Widget tab); an agent URL
 * stored with '/chat-messages' or a trailing slash is accepted too.
 */
export function voiceBackendUrl(agentUrl: string): string {
  return agentUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/v1(\/chat-messages)?$/, '');
}

/**
 * POST {voice backend}/tokens/generate?agent_name=… . Parley serves the voice backend under
 * `/voice` next to the agent's `/v1`, so a URL that is just the server (what the Widget tab's
 * snippet carries) gets `/voice` added; a URL that already ends in `/voice` is used as it is.
 */
export function tokenUrl(voiceUrl: string, agentName: string): string {
  const base = voiceBackendUrl(voiceUrl);
  const backend = /\/voice$/.test(base) ? base : `${base}/voice`;
  return `${backend}/tokens/generate?agent_name=${encodeURIComponent(agentName)}`;
}

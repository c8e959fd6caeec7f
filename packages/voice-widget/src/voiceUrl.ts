/** The voice backend URL is the agent URL with `/v1` removed (spec: Widget tab). */
export function voiceBackendUrl(agentUrl: string): string {
  return agentUrl.replace(/\/v1(\/chat-messages)?\/?$/, '');
}

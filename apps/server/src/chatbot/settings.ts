/**
 * Which agent the public chat page /chatbot/{id} talks to. A link's `api_url` is followed only
 * when it is this server's runtime or the agent's own configured agent URL (`chatbot_api`);
 * anything else is ignored (a crafted link must not send visitors' messages to another host).
 */

/** An agent URL without trailing slashes or the `/chat-messages` endpoint (the widget adds it). */
export function agentUrlBase(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password) return null;
  const path = parsed.pathname.replace(/\/+$/, '').replace(/\/chat-messages$/, '');
  return `${parsed.origin}${path}`;
}

export interface PageAgent {
  /** The agent id (agent_name). */
  id: string;
  name: string;
  initialMessage: string | null;
  /** The runtime key of the agent on this server (`app-…`). */
  appKey: string;
  /** The agent URL configured for the agent (chatbot_api), and its key. */
  chatbotApi: string | null;
  chatbotKey: string | null;
  /** 'Talk to a person' (issue 41). */
  talkToPerson?: boolean;
}

export interface PageSettings {
  agentUrl: string;
  agentKey: string;
  name: string;
  greeting: string | null;
  /** The page offers 'Talk to a person' (the agent on this server offers it). */
  talkToPerson: boolean;
}

/**
 * The page's settings from its query string (spec: api_url, api_key, initial_message, name):
 * `ownUrls` are this server's runtime base URLs (e.g. `https://host/v1`). An `api_url` naming
 * neither them nor the agent's configured URL is ignored, and so is its `api_key`: the page then
 * talks to the agent on this server with the agent's own key.
 */
export function pageSettings(
  agent: PageAgent,
  query: URLSearchParams,
  ownUrls: string[],
): PageSettings {
  const own = ownUrls.map(agentUrlBase).filter((u): u is string => Boolean(u));
  const fallback = own[0]!;
  const requested = query.get('api_url')?.trim() ? agentUrlBase(query.get('api_url')!) : null;
  const configured = agent.chatbotApi ? agentUrlBase(agent.chatbotApi) : null;
  const queryKey = query.get('api_key')?.trim() || null;

  let agentUrl = fallback;
  let agentKey = agent.appKey;
  if (requested && configured && requested === configured) {
    agentUrl = configured;
    // A link's key counts only for a configured URL elsewhere that has no key of its own.
    agentKey = agent.chatbotKey ?? (own.includes(configured) ? null : queryKey) ?? agent.appKey;
  } else if (requested && own.includes(requested)) {
    agentUrl = requested;
  }
  return {
    agentUrl,
    agentKey,
    name: query.get('name')?.trim() || agent.name,
    greeting: query.get('initial_message')?.trim() || agent.initialMessage || null,
    talkToPerson: Boolean(agent.talkToPerson) && own.includes(agentUrl),
  };
}

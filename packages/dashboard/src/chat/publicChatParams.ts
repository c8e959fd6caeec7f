import { agentDisplayName } from '@parley/api-client';

/**
 * The public chat page /chatbot/{agentId} is opened with query parameters api_url, api_key,
 * initial_message and name (spec: agents-and-knowledge §2 Routes).
 */
export interface PublicChatParams {
  apiUrl: string | null;
  apiKey: string | null;
  initialMessage: string | null;
  name: string | null;
  /** What keeps the page from working: missing or unusable parameters. */
  problems: string[];
}

function param(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

export function readPublicChatParams(search: string | URLSearchParams): PublicChatParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const apiUrl = param(params, 'api_url');
  const apiKey = param(params, 'api_key');
  const problems: string[] = [];
  if (!apiUrl) problems.push('api_url is missing');
  else if (!/^https?:\/\/[^\s]+$/i.test(apiUrl)) problems.push('api_url is not an http(s) URL');
  if (!apiKey) problems.push('api_key is missing');
  return {
    apiUrl: problems.some((p) => p.startsWith('api_url')) ? null : apiUrl,
    apiKey,
    initialMessage: param(params, 'initial_message'),
    name: param(params, 'name'),
    problems,
  };
}

/** The name the page shows: the name parameter, else the agent id without its UUID. */
export function publicChatName(agentId: string, name: string | null): string {
  return name ?? agentDisplayName({ id: agentId });
}

/** The link the console opens (and the QR code could carry) for an agent's public page. */
export function publicChatLink(
  origin: string,
  agentId: string,
  options: { apiUrl: string; apiKey: string; initialMessage?: string | null; name?: string | null },
): string {
  const params = new URLSearchParams({ api_url: options.apiUrl, api_key: options.apiKey });
  if (options.initialMessage) params.set('initial_message', options.initialMessage);
  if (options.name) params.set('name', options.name);
  return `${origin.replace(/\/+$/, '')}/chatbot/${encodeURIComponent(agentId)}?${params.toString()}`;
}

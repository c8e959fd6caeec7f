import { widgetPrimary } from '@parley/ui';

/**
 * The embed snippets of the Widget tab (spec: agents-and-knowledge §2 Widget tab, §9): one
 * script tag for the chat widget and one for the voice widget, served by our server under
 * `{origin}/widget/`. They carry the agent URL, key and name, position bottom-right and the
 * primary colour #667eea as `data-*` attributes (the names the widgets' `configFromScript` reads).
 */

export const widgetPosition = 'bottom-right';
export const widgetPrimaryColor = widgetPrimary;

export interface WidgetSnippetInput {
  /** Where the console (and the /widget bundles) is served, e.g. 'https://parley.example.com'. */
  origin: string;
  /** The agent URL (chatbot_api), e.g. 'https://parley.example.com/v1'. */
  apiUrl: string;
  /** The agent API key (chatbot_key). */
  apiKey: string;
  /** The display name the widget shows. */
  agentName: string;
  /** The agent identifier (agent_name) the voice widget asks a call token for. */
  agentId?: string;
  /** The agent's Initial Message: the chat widget's greeting (`data-greeting`). */
  greeting?: string | null;
}

export interface WidgetSnippets {
  chat: string;
  voice: string;
}

/** Escapes a value for a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function trimSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The chat widget talks to the agent URL itself (without a stored '/chat-messages'). */
export function chatWidgetUrl(agentUrl: string): string {
  return trimSlash(agentUrl).replace(/\/chat-messages$/, '');
}

/** The voice widget URL is the agent URL with a trailing /v1 removed (spec §2 Widget tab). */
export function voiceWidgetUrl(agentUrl: string): string {
  return chatWidgetUrl(agentUrl).replace(/\/v1$/, '');
}

function scriptTag(comment: string, src: string, data: Array<[string, string]>): string {
  const attributes = [
    `src="${escapeAttribute(src)}"`,
    ...data.map(([name, value]) => `data-${name}="${escapeAttribute(value)}"`),
    'defer',
  ];
  return [`<!-- ${comment} -->`, '<script', ...attributes.map((a) => `  ${a}`), '></script>'].join(
    '\n',
  );
}

function dataAttributes(url: string, input: WidgetSnippetInput): Array<[string, string]> {
  return [
    ['agent-url', url],
    ['agent-key', input.apiKey.trim()],
    ['agent-name', input.agentName.trim()],
    ['position', widgetPosition],
    ['primary-color', widgetPrimaryColor],
  ];
}

export function chatWidgetSnippet(input: WidgetSnippetInput): string {
  const data = dataAttributes(chatWidgetUrl(input.apiUrl), input);
  // The widget greets with the agent's Initial Message (else its own default, in its language).
  const greeting = input.greeting?.trim();
  if (greeting) data.splice(3, 0, ['greeting', greeting]);
  return scriptTag('Parley chat widget', `${trimSlash(input.origin)}/widget/chat.js`, data);
}

export function voiceWidgetSnippet(input: WidgetSnippetInput): string {
  const data = dataAttributes(voiceWidgetUrl(input.apiUrl), input);
  const agentId = input.agentId?.trim();
  if (agentId) data.splice(3, 0, ['agent-id', agentId]);
  return scriptTag('Parley voice widget', `${trimSlash(input.origin)}/widget/voice.js`, data);
}

export function widgetSnippets(input: WidgetSnippetInput): WidgetSnippets {
  return { chat: chatWidgetSnippet(input), voice: voiceWidgetSnippet(input) };
}

/** The widget expects keys starting with app- or sk- (spec §9). */
export function isWidgetKeyFormat(key: string): boolean {
  return /^(app-|sk-)/.test(key.trim());
}

// ---------------------------------------------------------------- strict CSP (issue 12 §7)

/** The placeholder the site's server replaces with its per-response nonce. */
export const cspNoncePlaceholder = 'YOUR_NONCE';

/** A snippet with `nonce="…"` on its script tag, for sites with a nonce-based CSP. */
export function withNonce(snippet: string, nonce = cspNoncePlaceholder): string {
  return snippet.replace('<script\n', `<script\n  nonce="${escapeAttribute(nonce)}"\n`);
}

function originOf(url: string): string | null {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy a site with a nonce-based policy needs for the widgets: the nonce
 * with 'strict-dynamic' (the widget loads its own parts), and connect-src for the agent's server
 * (chat messages, call tokens) plus the LiveKit server for calls (wss://).
 */
export function widgetCspPolicy(input: WidgetSnippetInput, nonce = cspNoncePlaceholder): string {
  const connect = new Set<string>(["'self'"]);
  for (const url of [input.apiUrl, input.origin]) {
    const o = originOf(url);
    if (o) connect.add(o);
  }
  connect.add('wss://YOUR_LIVEKIT_HOST');
  return [
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `connect-src ${[...connect].join(' ')}`,
  ].join('; ');
}

/** The Content-Security-Policy header line, ready to paste into a server's configuration. */
export function widgetCspHeader(input: WidgetSnippetInput, nonce = cspNoncePlaceholder): string {
  return `Content-Security-Policy: ${widgetCspPolicy(input, nonce)}`;
}

export type WidgetPosition = 'bottom-right' | 'bottom-left';

export interface ChatWidgetConfig {
  /** The agent URL (chatbot_api), e.g. 'https://host/v1'; the widget posts to {agentUrl}/chat-messages. */
  agentUrl: string;
  /** The agent's publishable key ('app-…'). */
  agentKey: string;
  /** The display name shown in the panel header. */
  agentName: string;
  position: WidgetPosition;
  primaryColor: string;
  /** A language tag ('es', 'fr-CA'); else the page's `<html lang>`. */
  language?: string;
  /** The first bot message; else the translated default initial message. */
  greeting?: string;
  /**
   * The agent offers 'Talk to a person' (the public page knows it from the server); unset, the
   * widget asks the agent's parameters when first opened.
   */
  talkToPerson?: boolean;
}

/** The settings object a page may set instead of (or on top of) the data-* attributes. */
export type ChatWidgetSettings = Partial<ChatWidgetConfig> & {
  apiUrl?: string;
  apiKey?: string;
};

/** Spec §9: position bottom-right, primary colour #667eea. */
export const defaultPrimaryColor = '#667eea';
export const defaultAgentName = 'Assistant';

/**
 * A colour that is safe to put into a stylesheet: hex, rgb()/hsl() with plain numbers, or a
 * named colour. Anything else (e.g. 'red;}body{…') falls back to the default.
 */
export function safeColor(
  value: string | undefined | null,
  fallback = defaultPrimaryColor,
): string {
  const v = (value ?? '').trim();
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(v)) return v;
  if (/^(?:rgb|hsl)a?\(\s*[\d.%,\s/+-]+\)$/i.test(v)) return v;
  if (/^[a-z]{3,30}$/i.test(v)) return v;
  return fallback;
}

const clean = (v: string | undefined | null) => {
  const t = v?.trim();
  return t ? t : undefined;
};

/** Builds a config from loose settings; null without an agent URL and key. */
export function normalizeConfig(settings: ChatWidgetSettings): ChatWidgetConfig | null {
  const agentUrl = clean(settings.agentUrl) ?? clean(settings.apiUrl);
  const agentKey = clean(settings.agentKey) ?? clean(settings.apiKey);
  if (!agentUrl || !agentKey) return null;
  return {
    agentUrl: agentUrl.replace(/\/+$/, '').replace(/\/chat-messages$/, ''),
    agentKey,
    agentName: clean(settings.agentName) ?? defaultAgentName,
    position: settings.position === 'bottom-left' ? 'bottom-left' : 'bottom-right',
    primaryColor: safeColor(settings.primaryColor),
    language: clean(settings.language),
    greeting: clean(settings.greeting),
  };
}

/**
 * Reads the widget's settings from its script tag's data-* attributes: data-agent-url (or
 * data-api-url), data-agent-key (or data-api-key), data-agent-name, data-position,
 * data-primary-color, data-language, data-greeting.
 */
export function settingsFromScript(script: HTMLScriptElement | null): ChatWidgetSettings {
  const d = script?.dataset ?? {};
  const out: ChatWidgetSettings = {
    agentUrl: d.agentUrl ?? d.apiUrl,
    agentKey: d.agentKey ?? d.apiKey,
    agentName: d.agentName,
    position: d.position as ChatWidgetSettings['position'],
    primaryColor: d.primaryColor,
    language: d.language,
    greeting: d.greeting,
  };
  for (const k of Object.keys(out) as Array<keyof ChatWidgetSettings>) {
    if (out[k] === undefined) delete out[k];
  }
  return out;
}

export function configFromScript(script: HTMLScriptElement | null): ChatWidgetConfig | null {
  return script ? normalizeConfig(settingsFromScript(script)) : null;
}

/** Script attributes, overridden field by field by `window.ParleyChatConfig` when the page sets it. */
export function resolveConfig(
  script: HTMLScriptElement | null,
  settings: ChatWidgetSettings | undefined,
): ChatWidgetConfig | null {
  return normalizeConfig({ ...settingsFromScript(script), ...(settings ?? {}) });
}

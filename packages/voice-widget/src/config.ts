import { voiceBackendUrl } from './voiceUrl';

export type WidgetPosition = 'bottom-right' | 'bottom-left';

export interface VoiceWidgetConfig {
  /** The voice backend: the agent URL without /v1. */
  voiceUrl: string;
  /** The agent's publishable key, sent as bearer token. */
  agentKey: string;
  /** Shown to the visitor. */
  agentName: string;
  /** The agent identifier the token is asked for (data-agent-id, else data-agent-name). */
  agentId: string;
  position: WidgetPosition;
  primaryColor: string;
  language?: string;
}

export interface VoiceWidgetSettings {
  agentUrl?: string;
  apiUrl?: string;
  agentKey?: string;
  apiKey?: string;
  agentName?: string;
  agentId?: string;
  position?: string;
  primaryColor?: string;
  language?: string;
}

export const defaultPrimaryColor = '#667eea';

/** Hex, rgb()/hsl() with plain numbers, or a named colour; anything else falls back. */
export function safeColor(value: string | undefined): string {
  const v = (value ?? '').trim();
  return /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(v) ||
    /^(?:rgb|hsl)a?\(\s*[\d.%,\s/+-]+\)$/i.test(v) ||
    /^[a-z]{3,30}$/i.test(v)
    ? v
    : defaultPrimaryColor;
}

const clean = (v: string | undefined) => v?.trim() || undefined;

export function normalizeConfig(s: VoiceWidgetSettings): VoiceWidgetConfig | null {
  const url = clean(s.agentUrl) ?? clean(s.apiUrl);
  const agentKey = clean(s.agentKey) ?? clean(s.apiKey);
  const agentId = clean(s.agentId) ?? clean(s.agentName);
  if (!url || !agentKey || !agentId) return null;
  return {
    voiceUrl: voiceBackendUrl(url),
    agentKey,
    agentName: clean(s.agentName) ?? agentId,
    agentId,
    position: s.position === 'bottom-left' ? 'bottom-left' : 'bottom-right',
    primaryColor: safeColor(s.primaryColor),
    language: clean(s.language),
  };
}

/**
 * The snippet's data-* attributes (data-agent-url or data-api-url, data-agent-key or
 * data-api-key, data-agent-name, data-agent-id, data-position, data-primary-color,
 * data-language), overridden field by field by `window.ParleyVoiceConfig`.
 */
export function resolveConfig(
  script: HTMLScriptElement | null,
  settings?: VoiceWidgetSettings,
): VoiceWidgetConfig | null {
  const fromScript: VoiceWidgetSettings = {};
  if (script) for (const [k, v] of Object.entries(script.dataset)) fromScript[k as 'agentUrl'] = v;
  return normalizeConfig({ ...fromScript, ...settings });
}

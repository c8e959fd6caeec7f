export interface ChatWidgetConfig {
  agentUrl: string;
  agentKey: string;
  agentName: string;
  position: 'bottom-right' | 'bottom-left';
  primaryColor: string;
  language?: string;
  greeting?: string;
}

export const defaultPrimaryColor = '#667eea';

/** Reads the widget's settings from its script tag's data-* attributes. */
export function configFromScript(script: HTMLScriptElement | null): ChatWidgetConfig | null {
  if (!script) return null;
  const d = script.dataset;
  if (!d.agentUrl || !d.agentKey) return null;
  return {
    agentUrl: d.agentUrl,
    agentKey: d.agentKey,
    agentName: d.agentName ?? 'Assistant',
    position: d.position === 'bottom-left' ? 'bottom-left' : 'bottom-right',
    primaryColor: d.primaryColor ?? defaultPrimaryColor,
    language: d.language,
    greeting: d.greeting,
  };
}

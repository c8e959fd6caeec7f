import { resolveConfig, type VoiceWidgetSettings } from './config';
import { mountVoiceWidget, type VoiceWidgetHandle } from './mount';

export { voiceBackendUrl, tokenUrl } from './voiceUrl';
export { normalizeConfig, resolveConfig } from './config';
export type { VoiceWidgetConfig, VoiceWidgetSettings } from './config';
export { mountVoiceWidget } from './mount';
export type { VoiceWidgetHandle, VoiceMountOptions } from './mount';

/** Fired on window once the widget is on the page (`event.detail` is window.ParleyVoice). */
export const readyEvent = 'parley:voice-ready';

declare global {
  interface Window {
    ParleyVoice?: VoiceWidgetHandle;
    ParleyVoiceConfig?: VoiceWidgetSettings;
  }
}

const ownScript =
  typeof document === 'undefined'
    ? null
    : ((document.currentScript as HTMLScriptElement | null) ??
      document.querySelector<HTMLScriptElement>(
        'script[src*="/voice.js"],script[src*="/voice.mjs"]',
      ));

/** Starts the widget once per page (a second copy of the snippet leaves the first alone). */
export function boot(): void {
  if (typeof window === 'undefined' || window.ParleyVoice) return;
  const config = resolveConfig(ownScript, window.ParleyVoiceConfig);
  if (!config) {
    if (ownScript || window.ParleyVoiceConfig)
      console.warn(
        '[Parley voice] data-agent-url, data-agent-key and data-agent-name are required',
      );
    return;
  }
  const start = () => {
    if (window.ParleyVoice) return;
    const handle = mountVoiceWidget(config, {
      callBase: ownScript?.src || location.href,
      nonce: ownScript?.nonce,
    });
    window.ParleyVoice = {
      ...handle,
      destroy: () => {
        handle.destroy();
        delete window.ParleyVoice;
      },
    };
    window.dispatchEvent(new CustomEvent(readyEvent, { detail: window.ParleyVoice }));
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

boot();

import { resolveConfig, type ChatWidgetSettings } from './config';
import { mountChatWidget, type ChatWidgetHandle } from './mount';

export {
  configFromScript,
  defaultPrimaryColor,
  normalizeConfig,
  resolveConfig,
  safeColor,
  settingsFromScript,
} from './config';
export type { ChatWidgetConfig, ChatWidgetSettings, WidgetPosition } from './config';
export { chatLabels, pickLanguage } from './i18n';
export type { ChatLabels } from './i18n';
export { mountChatWidget } from './mount';
export type { ChatWidgetHandle, MountOptions } from './mount';

/** `window.ParleyChat`: the commands a page can call, and whether the widget is on screen yet. */
export interface ParleyChatApi {
  open(): void;
  close(): void;
  toggle(): void;
  destroy(): void;
  ready: boolean;
}

/** Fired on window once the widget is on the page (`event.detail` is window.ParleyChat). */
export const readyEvent = 'parley:chat-ready';

declare global {
  interface Window {
    ParleyChat?: ParleyChatApi;
    /** Settings a page may give instead of (or on top of) the script's data-* attributes. */
    ParleyChatConfig?: ChatWidgetSettings;
  }
}

// Read while the script runs: afterwards document.currentScript is gone (and it is always null
// for module scripts, hence the lookup by src).
const ownScript =
  typeof document === 'undefined'
    ? null
    : ((document.currentScript as HTMLScriptElement | null) ??
      document.querySelector<HTMLScriptElement>(
        'script[src*="/chat.js"],script[src*="/chat.mjs"]',
      ));

/**
 * Starts the widget once per page: a second copy of the snippet finds window.ParleyChat and
 * leaves it alone. Commands given before the page has a <body> are applied when it mounts.
 */
export function boot(): ParleyChatApi | undefined {
  if (typeof window === 'undefined') return undefined;
  if (window.ParleyChat) return window.ParleyChat;
  const config = resolveConfig(ownScript, window.ParleyChatConfig);
  if (!config) {
    if (ownScript || window.ParleyChatConfig)
      console.warn('[Parley chat] data-agent-url and data-agent-key are required');
    return undefined;
  }
  let handle: ChatWidgetHandle | null = null;
  let wantOpen: boolean | null = null;
  const api: ParleyChatApi = {
    ready: false,
    open: () => (handle ? handle.open() : (wantOpen = true)),
    close: () => (handle ? handle.close() : (wantOpen = false)),
    toggle: () => (handle ? handle.toggle() : (wantOpen = !wantOpen)),
    destroy: () => {
      handle?.destroy();
      handle = null;
      if (window.ParleyChat === api) delete window.ParleyChat;
    },
  };
  window.ParleyChat = api;
  const start = () => {
    if (window.ParleyChat !== api) return;
    handle = mountChatWidget(config, { initiallyOpen: wantOpen === true });
    api.ready = true;
    window.dispatchEvent(new CustomEvent(readyEvent, { detail: api }));
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
  return api;
}

boot();

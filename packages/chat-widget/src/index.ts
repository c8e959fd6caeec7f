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

/** How long the widget waits for an idle moment before it mounts anyway (ms). */
export const mountTimeout = 500;

/**
 * Runs `task` when the main thread is idle (within `timeout` ms), or in a task of its own where
 * requestIdleCallback is missing (Safari); returns the cancel function.
 */
function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}

/**
 * Starts the widget once per page: a second copy of the snippet finds window.ParleyChat and
 * leaves it alone.
 *
 * The launcher is mounted when the main thread is next idle (at most {@link mountTimeout} ms
 * later), not while the script runs: the host page's load does not wait for it. Commands are
 * accepted at once: open() or toggle() mounts the widget right away and opens it; close() and
 * commands given before the page has a <body> apply when it mounts. The ready event fires once
 * the launcher is on the page.
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
  /** Open or closed, as commands given before the page had a <body> left it. */
  let wantOpen = false;
  let unschedule = () => {};

  const mount = () => {
    unschedule();
    if (handle || window.ParleyChat !== api || !document.body) return;
    handle = mountChatWidget(config, { initiallyOpen: wantOpen });
    api.ready = true;
    window.dispatchEvent(new CustomEvent(readyEvent, { detail: api }));
  };
  const schedule = () => {
    if (wantOpen) mount();
    else unschedule = whenIdle(mount, mountTimeout);
  };
  /**
   * Runs a command: on the widget once it is mounted; before that, one that opens it mounts it
   * first (now, not at idle time), and any other is remembered for the mount.
   */
  const command = (opens: boolean, run: (handle: ChatWidgetHandle) => void) => {
    if (!handle && opens) mount();
    if (handle) run(handle);
    else wantOpen = opens;
  };
  const api: ParleyChatApi = {
    ready: false,
    open: () => command(true, (h) => h.open()),
    close: () => command(false, (h) => h.close()),
    toggle: () => command(!wantOpen, (h) => h.toggle()),
    destroy: () => {
      unschedule();
      document.removeEventListener('DOMContentLoaded', schedule);
      handle?.destroy();
      handle = null;
      if (window.ParleyChat === api) delete window.ParleyChat;
    },
  };
  window.ParleyChat = api;
  if (document.body) schedule();
  else document.addEventListener('DOMContentLoaded', schedule, { once: true });
  return api;
}

boot();

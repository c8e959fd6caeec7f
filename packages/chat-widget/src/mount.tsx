import { createRoot } from 'react-dom/client';
import type { ChatWidgetConfig } from './config';
import { chatLabels, pickLanguage, type ChatLabels } from './i18n';
import {
  listenConversation,
  streamChat,
  type ListenConversation,
  type StreamChat,
} from './runtime';
import { lazyLocalStorage, type StorageLike } from './store';
import { personClient, type PersonClient } from './handoff';
import { adoptStyles, chatCss, themeCss } from './styles';
import { Widget, type WidgetController } from './Widget';

/** The page's command object (window.ParleyChat). */
export interface ChatWidgetHandle {
  open(): void;
  close(): void;
  toggle(): void;
  destroy(): void;
  /** The element holding the widget's shadow root. */
  readonly host: HTMLElement;
}

export interface MountOptions {
  /** Defaults to the real SSE client. */
  stream?: StreamChat;
  /** A member's live replies (human takeover); defaults to the real event stream, null: none. */
  listen?: ListenConversation | null;
  /** 'Talk to a person' (offer and request); defaults to the agent's own API, null: none. */
  person?: PersonClient | null;
  /** Defaults to localStorage (null when the page blocks it), opened on first use. */
  storage?: StorageLike | null;
  /** Overrides the built-in labels (e.g. a language we do not ship). */
  labels?: Partial<ChatLabels>;
  initiallyOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The custom element name of the host: page CSS aimed at div/section never matches it. */
export const hostTag = 'parley-chat-widget';

/**
 * Renders the widget in a shadow root appended to <body>: its own adopted stylesheet inside, no
 * style added to the page.
 */
export function mountChatWidget(
  config: ChatWidgetConfig,
  options: MountOptions = {},
): ChatWidgetHandle {
  const language = pickLanguage(config.language, document.documentElement.lang);
  const labels = { ...chatLabels[language]!, ...options.labels };

  const host = document.createElement(hostTag);
  const shadow = host.attachShadow({ mode: 'open' });
  document.body.appendChild(host);
  // Connected first: a named primary colour is resolved inside the shadow root.
  adoptStyles(shadow, [chatCss, themeCss(config.primaryColor, shadow)]);
  const container = document.createElement('div');
  container.lang = language;
  shadow.appendChild(container);

  const controller: WidgetController = {};
  const root = createRoot(container);
  root.render(
    <Widget
      config={config}
      labels={labels}
      storage={options.storage === undefined ? lazyLocalStorage() : options.storage}
      stream={options.stream ?? streamChat}
      listen={options.listen === null ? undefined : (options.listen ?? listenConversation)}
      person={options.person === null ? undefined : (options.person ?? personClient)}
      controller={controller}
      initiallyOpen={options.initiallyOpen}
      onOpenChange={options.onOpenChange}
    />,
  );

  let destroyed = false;
  return {
    host,
    open: () => controller.setOpen?.(true),
    close: () => controller.setOpen?.(false),
    toggle: () => controller.setOpen?.((o) => !o),
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      root.unmount();
      host.remove();
    },
  };
}

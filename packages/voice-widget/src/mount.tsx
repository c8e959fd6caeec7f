import { createRoot } from 'react-dom/client';
import type { VoiceWidgetConfig } from './config';
import { pickLanguage, voiceLabels } from './i18n';
import { adoptStyles, themeCss, voiceCss } from './styles';
import { fetchVoiceToken, openMicrophone } from './token';
import { VoiceWidget, type VoiceController, type VoiceDeps } from './VoiceWidget';
import { loadCall } from './loader';

export interface VoiceWidgetHandle {
  /** Starts a call (as if the visitor pressed the button). */
  call(): void;
  end(): void;
  destroy(): void;
  readonly host: HTMLElement;
}

export interface VoiceMountOptions {
  /** Where the call scripts (voice-livekit.js, voice-ws.js) are: next to the first script. */
  callBase?: string;
  nonce?: string;
  deps?: Partial<VoiceDeps>;
}

export const hostTag = 'parley-voice-widget';

/** Renders the voice widget in a shadow root on <body>, with its own adopted stylesheet. */
export function mountVoiceWidget(
  config: VoiceWidgetConfig,
  options: VoiceMountOptions = {},
): VoiceWidgetHandle {
  const language = pickLanguage(config.language, document.documentElement.lang);
  const labels = voiceLabels[language]!;
  const host = document.createElement(hostTag);
  const shadow = host.attachShadow({ mode: 'open' });
  document.body.appendChild(host);
  // Connected first: a named primary colour is resolved inside the shadow root.
  adoptStyles(shadow, [voiceCss, themeCss(config.primaryColor, shadow)]);
  const container = shadow.appendChild(document.createElement('div'));
  container.lang = language;

  const deps: VoiceDeps = {
    openMicrophone: () => openMicrophone(labels.micDenied, labels.micMissing),
    fetchToken: () =>
      fetchVoiceToken(config, {
        failed: labels.failed,
        notAllowed: labels.notAllowed,
      }),
    loadCall: (transport) => loadCall(transport, options.callBase ?? location.href, options.nonce),
    ...options.deps,
  };
  const stacked = !!document.querySelector(
    'parley-chat-widget,script[src*="/chat.js"],script[src*="/chat.mjs"]',
  );
  const controller: VoiceController = {};
  const root = createRoot(container);
  root.render(
    <VoiceWidget
      config={config}
      labels={labels}
      deps={deps}
      controller={controller}
      stacked={stacked}
    />,
  );
  return {
    host,
    call: () => controller.start?.(),
    end: () => controller.end?.(),
    destroy: () => {
      root.unmount();
      host.remove();
    },
  };
}

import type { StartCall } from './callTypes';
import { adoptTranscriptStyles, renderTranscript, stateText } from './transcript';
import { startWsCall } from './ws/wsCall';

/** Where this script was loaded from: voice-worklet.js sits next to it. */
const base = (document.currentScript as HTMLScriptElement | null)?.src || location.href;

/**
 * voice-ws.js: the call over the server's own WebSocket stream (no LiveKit), loaded by the first
 * script when the token says `transport: 'websocket'`. The same contract, states and transcript
 * as voice-livekit.js; the agent's voice plays through WebAudio (no audio element).
 */
export const startCall: StartCall = async (o) => {
  if (o.transcript) adoptTranscriptStyles(o.transcript);
  const language = o.transcript?.closest('[lang]')?.getAttribute('lang') || 'en';
  return startWsCall({
    url: o.url,
    microphone: o.microphone,
    workletUrl: new URL('voice-worklet.js', base).href,
    onState: (state) => o.onAgent(stateText(language, state) ?? ''),
    onTranscript: (lines) => {
      if (o.transcript)
        renderTranscript(
          o.transcript,
          lines.slice(-3).map((l) => ({ id: l.id, agent: l.role === 'agent', text: l.text })),
        );
    },
    onEnded: () => {
      o.transcript?.replaceChildren();
      o.onEnded();
    },
  });
};

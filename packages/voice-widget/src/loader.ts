import type { CallChunk, StartCall } from './callTypes';

/** The call scripts next to the first one: voice-livekit.js (LiveKit), voice-ws.js (the server's WebSocket stream). */
export type CallTransport = 'livekit' | 'websocket';

declare global {
  interface Window {
    ParleyVoiceLivekit?: CallChunk;
    ParleyVoiceWs?: CallChunk;
  }
}

const pending: Partial<Record<CallTransport, Promise<StartCall>>> = {};

/**
 * Loads the call script of a transport (voice-livekit.js: livekit-client; voice-ws.js: the
 * WebSocket call) from `base`, once, when a call needs it. A script inserted by a trusted script
 * runs under `'strict-dynamic'`; the nonce is passed on for CSPs that list nonces without it.
 */
export function loadCall(
  transport: CallTransport,
  base: string,
  nonce?: string,
): Promise<StartCall> {
  const ws = transport == 'websocket';
  const name = ws ? 'ParleyVoiceWs' : 'ParleyVoiceLivekit';
  if (window[name]) return Promise.resolve(window[name].startCall);
  const src = new URL(`voice-${ws ? 'ws' : 'livekit'}.js`, base).href;
  return (pending[transport] ??= new Promise<StartCall>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    // Loaded, it registers window[name]; otherwise (not found, or it did not register) it failed.
    script.onload = script.onerror = () =>
      window[name] ? resolve(window[name].startCall) : reject(new Error(`Failed to load ${src}`));
    document.head.appendChild(script);
  }).finally(() => {
    // Loaded: window[name] answers from now on. Failed: the next press tries again.
    delete pending[transport];
  }));
}

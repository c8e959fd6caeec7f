import type { LivekitChunk, StartCall } from './callTypes';

declare global {
  interface Window {
    ParleyVoiceLivekit?: LivekitChunk;
  }
}

let pending: Promise<StartCall> | null = null;

/**
 * Loads voice-livekit.js (livekit-client and the call logic) next to the first script, once.
 * A script inserted by a trusted script runs under `'strict-dynamic'`; the nonce is passed on
 * for CSPs that list nonces without it.
 */
export function loadLivekit(src: string, nonce?: string): Promise<StartCall> {
  if (window.ParleyVoiceLivekit) return Promise.resolve(window.ParleyVoiceLivekit.startCall);
  pending ??= new Promise<StartCall>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () =>
      window.ParleyVoiceLivekit
        ? resolve(window.ParleyVoiceLivekit.startCall)
        : reject(new Error(`${src} did not register`));
    script.onerror = () => reject(new Error(`Failed to load ${src}`));
    document.head.appendChild(script);
  }).finally(() => {
    // Loaded: window.ParleyVoiceLivekit answers from now on. Failed: the next press tries again.
    pending = null;
  });
  return pending;
}

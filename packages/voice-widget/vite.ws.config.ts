import { defineConfig } from 'vite';

/**
 * voice-ws.js: the call over the server's own WebSocket stream (src/wsChunk.ts), loaded by the
 * first script only when the token says so. A classic script (IIFE) that registers
 * `window.ParleyVoiceWs`, like voice-livekit.js. Its capture worklet (src/ws/captureWorklet.js)
 * is copied beside it as voice-worklet.js (package.json's build).
 */
export default defineConfig({
  build: {
    emptyOutDir: false,
    lib: {
      entry: 'src/wsChunk.ts',
      name: 'ParleyVoiceWs',
      formats: ['iife'],
      fileName: () => 'voice-ws.js',
    },
  },
});

import { defineConfig } from 'vite';

/**
 * voice-livekit.js: livekit-client and the call logic, loaded by the first script (voice.js)
 * only when the visitor presses the call button. A classic script (IIFE) that registers
 * `window.ParleyVoiceLivekit`, so the UMD first script can load it from the same base URL.
 */
export default defineConfig({
  build: {
    emptyOutDir: false,
    lib: {
      entry: 'src/livekit.ts',
      name: 'ParleyVoiceLivekit',
      formats: ['iife'],
      fileName: () => 'voice-livekit.js',
    },
  },
});

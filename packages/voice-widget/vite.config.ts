import { defineConfig } from 'vitest/config';

import { fileURLToPath } from 'node:url';

/**
 * Written with the React API, built through preact. preact/compat alone is 7.6 KB gzip, most of
 * this first script's 10 KB budget, so 'react' and 'react-dom/client' resolve to a small module
 * that re-exports preact's hooks and render (src/preact-react.ts); React's JSX runtime (the
 * source's tsconfig) goes to preact's. Storybook uses none of this: real React.
 */
const shim = fileURLToPath(new URL('./src/preact-react.ts', import.meta.url));
const alias = [
  { find: /^react$/, replacement: shim },
  { find: /^react-dom\/client$/, replacement: shim },
  // React's JSX runtimes (tsconfig.json) → preact's, which exports jsx, jsxs and jsxDEV.
  { find: /^react\/jsx(?:-dev)?-runtime$/, replacement: 'preact/jsx-runtime' },
];

/** voice.js (UMD) and voice.mjs: the tiny first script; livekit-client is in vite.livekit.config.ts. */
export default defineConfig({
  resolve: { alias },
  build: {
    lib: {
      entry: 'src/index.ts',
      name: 'ParleyVoiceWidget',
      formats: ['umd', 'es'],
      fileName: (f) => `voice.${f === 'umd' ? 'js' : 'mjs'}`,
    },
    cssCodeSplit: false,
  },
  test: {
    name: 'voice-widget',
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});

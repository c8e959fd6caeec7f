import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Written with the React API (and React's JSX runtime, see tsconfig.json), built and unit-tested
 * on preact: 'react' and 'react-dom' resolve to preact/compat, and both JSX runtimes to preact's
 * (preact/jsx-runtime exports jsx, jsxs and jsxDEV). Storybook uses none of this: real React.
 */
const alias = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx(?:-dev)?-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * V8's explicit compile hint (Chromium 136+; other engines ignore the comment, which must open
 * the file): every function is compiled while the script streams in, on a background thread,
 * instead of lazily on the main thread at its first call. With the idle mount (src/index.ts) it
 * takes the host page's Total Blocking Time at 4× CPU from ~95 ms to ~0 (bench/widgets.bench.mjs).
 */
const compileHint: Plugin = {
  name: 'parley-compile-hint',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === 'chunk') file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
  },
};

export default defineConfig({
  resolve: { alias },
  plugins: [compileHint],
  build: {
    lib: {
      entry: 'src/index.ts',
      name: 'ParleyChatWidget',
      formats: ['umd', 'es'],
      fileName: (f) => `chat.${f === 'umd' ? 'js' : 'mjs'}`,
    },
    cssCodeSplit: false,
  },
  test: {
    name: 'chat-widget',
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});

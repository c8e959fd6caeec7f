import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

/**
 * The production build runs the React API on preact/compat (a tenth of react-dom's size), with
 * page-unique ids (src/preactCompat.js).
 */
const preact = [
  {
    find: /^react$/,
    replacement: fileURLToPath(new URL('./src/preactCompat.js', import.meta.url)),
  },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx(?:-dev)?-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * V8's explicit compile hint (see packages/chat-widget/vite.config.ts): each chunk's functions are
 * compiled while it streams in, on a background thread, not on the main thread at first call.
 */
const compileHint: Plugin = {
  name: 'parley-compile-hint',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === 'chunk') file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
  },
};

export default defineConfig(({ command }) => ({
  plugins: [react(), vanillaExtractPlugin(), compileHint],
  resolve: { alias: command === 'build' ? preact : [] },
  build: {
    manifest: true,
    // Modules run in import order across chunks: src/zodConfig.ts runs before any schema exists.
    rolldownOptions: { output: { strictExecutionOrder: true } },
  },
  server: {
    proxy: { '^/(api|v1|voice|messaging|widget|chatbot|healthz)': 'http://localhost:3000' },
  },
  test: {
    name: 'console',
    testTimeout: 20_000,
    environment: 'jsdom',
    setupFiles: ['../../packages/ui/src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));

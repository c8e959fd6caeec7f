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

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), vanillaExtractPlugin(), compileHint],
  resolve: { alias: command === 'build' ? preact : [] },
  // The build-time render of the login page (src/loginPrerender.tsx) bundles every dependency,
  // so they all run on the same preact/compat as the browser's.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: {
    manifest: true,
    // Modules run in import order across chunks: src/zodConfig.ts runs before any schema exists.
    // Two pages: the console (index.html) and /login on its own (login.html: prerendered, its
    // own small entry; the console still shows the login route after signing out).
    rolldownOptions: {
      ...(isSsrBuild
        ? {}
        : { input: { index: page('./index.html'), login: page('./login.html') } }),
      output: { strictExecutionOrder: true },
    },
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

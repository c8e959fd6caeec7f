import { defineConfig } from 'vite';

/** As in vite.config.ts: the React API on preact. */
const alias = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx(?:-dev)?-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * The public chat page /chatbot/{id}: chatbot.html with its own small module (preact, the
 * widget's UI), built to dist/page and served by the server at /chatbot/* (hashed files under
 * /chatbot/assets/, immutable). The console is not part of it.
 */
export default defineConfig({
  resolve: { alias },
  base: '/chatbot/',
  build: {
    outDir: 'dist/page',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    manifest: true,
    rollupOptions: { input: 'chatbot.html' },
  },
});

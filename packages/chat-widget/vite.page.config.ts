import { defineConfig, type Plugin } from 'vite';

/** As in vite.config.ts: the React API on preact. */
const alias = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx(?:-dev)?-runtime$/, replacement: 'preact/jsx-runtime' },
];

/** As in vite.config.ts: V8 compiles every function while the script streams in (off the main thread). */
const compileHint: Plugin = {
  name: 'parley-compile-hint',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === 'chunk') file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
  },
};

/**
 * The public chat page /chatbot/{id}: chatbot.html with its own small module (preact, the
 * widget's UI), built to dist/page and served by the server at /chatbot/* (hashed files under
 * /chatbot/assets/, immutable). The console is not part of it.
 */
export default defineConfig({
  resolve: { alias },
  plugins: [compileHint],
  base: '/chatbot/',
  build: {
    outDir: 'dist/page',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    manifest: true,
    rollupOptions: { input: 'chatbot.html' },
  },
});

import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

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

/** The npm package a bundled module comes from ('react-dom', '@radix-ui/react-slider'), or null. */
function packageOf(moduleId: string): string | null {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId.replace(/\\/g, '/'));
  return match ? match[1]! : null;
}

/**
 * Writes .vite/packages.json beside the manifest: each chunk's file → the npm packages bundled
 * into it. scripts/check-bundle-packages.mjs reads it to prove which runtime the console ships
 * (react-dom, and no other React runtime: the build fails otherwise).
 */
const packageReport: Plugin = {
  name: 'parley-package-report',
  apply: 'build',
  generateBundle(_options, bundle) {
    const report: Record<string, string[]> = {};
    for (const file of Object.values(bundle))
      if (file.type === 'chunk')
        report[file.fileName] = [
          ...new Set(file.moduleIds.map(packageOf).filter((p): p is string => p !== null)),
        ].sort();
    this.emitFile({
      type: 'asset',
      fileName: '.vite/packages.json',
      source: `${JSON.stringify(report, null, 2)}\n`,
    });
  },
};

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), vanillaExtractPlugin(), compileHint, packageReport],
  // The console runs React (react-dom) everywhere: the build, the tests and Storybook. Only the
  // widgets (packages/chat-widget, packages/voice-widget) swap in a smaller runtime of the React API.
  // The build-time render of the pages (src/prerender.tsx) bundles every dependency (the
  // workspace packages' vanilla-extract styles included), so it renders the very components the
  // browser hydrates.
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
    // ws: voice calls without LiveKit stream over a WebSocket at /voice/stream.
    proxy: {
      '^/(api|v1|voice|messaging|widget|chatbot|healthz)': {
        target: 'http://localhost:3000',
        ws: true,
      },
    },
  },
  test: {
    name: 'console',
    testTimeout: 20_000,
    environment: 'jsdom',
    setupFiles: ['../../packages/ui/src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));

import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * One vitest run for the whole monorepo: each package's own config (unit tests in jsdom or node)
 * plus every Storybook story as a test in headless Chromium (Debian's /usr/bin/chromium).
 */
export default defineConfig({
  test: {
    // Two test files at a time even on 2 cores (vitest's default is cores − 1: one on a 2-core CI
    // machine). Most of a server file's time is waiting on its database and its HTTP round trips,
    // and most of a jsdom or story file's is setting up and importing: two overlap well. One value
    // for every project (vitest refuses projects in one group that differ in maxWorkers); the
    // voice worker's audio files (fileParallelism: false) still run alone, after the others.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/*/vitest.config.ts',
      'packages/*/vite.config.ts',
      'apps/*/vitest.config.ts',
      'apps/console/vite.config.ts',
      // CI (and anyone with TEST_DATABASE_URL) also runs the server suite on a real PostgreSQL.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              root: './apps/server',
              test: { name: 'server-pg', env: { PARLEY_TEST_DB: 'postgres' } },
            },
          ]
        : []),
      {
        plugins: [
          storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) }),
        ],
        // Pre-bundle up front: a mid-run optimizer reload on a fresh clone fails the suite.
        optimizeDeps: {
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            'react-aria',
            'radix-ui',
            '@vanilla-extract/recipes/createRuntimeFn',
            '@vanilla-extract/css/recipe',
            '@storybook/addon-themes',
            'msw',
            'msw/browser',
            'storybook/test',
            'react-stately',
            '@tanstack/react-query',
            'react-router',
            'qrcode',
            'zod',
            'marked',
            'dompurify',
            'eventsource-parser',
          ],
        },
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          // Story files share one page per worker instead of a fresh iframe each: the component
          // modules load once, not once per file (a third of the story suite's time). Every story
          // still mounts on its own canvas with its own MSW handlers (msw-storybook-addon resets them).
          isolate: false,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              // Components honour reduced motion: tests see final states, not mid-animation frames.
              contextOptions: { reducedMotion: 'reduce' },
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: chromiumArgs,
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});

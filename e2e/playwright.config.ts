import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);

/** End-to-end tests drive Debian's Chromium against the built console + server on one port. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // Two files at a time (E2E_WORKERS sets another count): every test signs up its own user and
  // organization on the one server, so files do not see each other's data. The tests of one file
  // stay in order in one worker (some share an agent made in beforeAll).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  // A person waits for what they see; a loaded 2-core machine running two workers is slow, not
  // wrong: each expect waits up to 15 s, a test up to 120 s (two workers share the cores).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    // Components honour reduced motion: tests see final states, not mid-animation frames.
    contextOptions: { reducedMotion: 'reduce' },
  },
  webServer: {
    command: 'node start-server.mjs',
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port) },
  },
});

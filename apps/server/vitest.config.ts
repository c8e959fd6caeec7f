import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own server and database and touches no global state (no module mocks,
    // no env writes): the server code is imported once per worker, not once per file (the suite
    // took twice as long re-importing it). (One worker count for every project: vitest refuses
    // projects that differ in maxWorkers.)
    isolate: false,
  },
});

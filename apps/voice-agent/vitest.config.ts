import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'voice-agent',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // Audio tests run espeak-ng, pocketsphinx and Silero on a loaded 2-core machine.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // One audio pipeline at a time: the subprocesses and the VAD compete for the same cores.
    fileParallelism: false,
  },
});

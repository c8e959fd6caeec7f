import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: { proxy: { '^/(api|v1|voice|messaging|widget|healthz)': 'http://localhost:3000' } },
  test: {
    name: 'console',
    testTimeout: 20_000,
    environment: 'jsdom',
    setupFiles: ['../../packages/ui/src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});

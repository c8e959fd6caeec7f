import { defineConfig } from 'vitest/config';

const alias = {
  react: 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

export default defineConfig({
  resolve: { alias },
  build: {
    lib: {
      entry: 'src/index.ts',
      name: 'ParleyChatWidget',
      formats: ['umd', 'es'],
      fileName: (f) => `chat.${f === 'umd' ? 'js' : 'mjs'}`,
    },
    cssCodeSplit: false,
  },
  test: { name: 'chat-widget', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});

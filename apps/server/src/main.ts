import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';

const port = Number(process.env.PORT ?? 3000);
const consoleDir = fileURLToPath(new URL('../../console/dist', import.meta.url));
const app = createApp({ consoleDir });

const server = serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Parley is running on http://localhost:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
  });
}

import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createServer } from './server';
import { widgetFiles } from './widgets';
import { resolveDataDir } from './lib/dataDir';

const port = Number(process.env.PORT ?? 3000);
const dataDir = resolveDataDir(process.env);
const { app, database, logger, embeddedVoice } = await createServer({
  databaseUrl: process.env.DATABASE_URL,
  dataDir,
  secret: process.env.PARLEY_SECRET,
  baseURL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  trustedOrigins: [
    'http://localhost:5173',
    ...(process.env.PARLEY_TRUSTED_ORIGINS?.split(',').filter(Boolean) ?? []),
  ],
  consoleDir: fileURLToPath(new URL('../../console/dist', import.meta.url)),
  chatbotDir: fileURLToPath(new URL('../../../packages/chat-widget/dist/page', import.meta.url)),
  widgetFiles: widgetFiles(fileURLToPath(new URL('../../..', import.meta.url))),
  logLevel: process.env.LOG_LEVEL,
});

const server = serve({ fetch: app.fetch, port }, (info) => {
  logger.info(
    {
      port: info.port,
      database: database.kind,
      dataDir: database.kind === 'pglite' ? dataDir : undefined,
    },
    `Parley is running on http://localhost:${info.port}`,
  );
});

// Voice calls without LiveKit (the WebSocket at /voice/stream) on the same port.
embeddedVoice.attach(server as import('node:http').Server);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Calls on the embedded transport are hung up (and logged as ended) while the server closes.
    void embeddedVoice.close();
    server.close(() => {
      void database.close().finally(() => process.exit(0));
    });
  });
}

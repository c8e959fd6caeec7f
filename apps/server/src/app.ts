import { Hono } from 'hono';
import { serveConsole } from './static';

export interface AppOptions {
  /** Directory of the built console (apps/console/dist); omitted in API-only tests. */
  consoleDir?: string;
}

/** Builds the Hono app: the API under its base paths, then the built console with SPA fallback. */
export function createApp(options: AppOptions = {}) {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  if (options.consoleDir) serveConsole(app, options.consoleDir);
  return app;
}

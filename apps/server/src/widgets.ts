import type { Env, Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

/** The widget bundles: file name → the built file in its package's dist. */
export function widgetFiles(repoRoot: string): Record<string, string> {
  return {
    'chat.js': join(repoRoot, 'packages/chat-widget/dist/chat.js'),
    'chat.mjs': join(repoRoot, 'packages/chat-widget/dist/chat.mjs'),
    'voice.js': join(repoRoot, 'packages/voice-widget/dist/voice.js'),
    'voice.mjs': join(repoRoot, 'packages/voice-widget/dist/voice.mjs'),
    'voice-livekit.js': join(repoRoot, 'packages/voice-widget/dist/voice-livekit.js'),
  };
}

/**
 * GET /widget/{chat,voice}.{js,mjs}: cacheable (an hour, then revalidated by ETag) and loadable
 * from any site (CORS), since site owners paste the script tags into their own pages.
 */
export function serveWidgets<E extends Env>(app: Hono<E>, files: Record<string, string>) {
  app.get('/widget/:file', async (c) => {
    const path = files[c.req.param('file')];
    const body = path ? await readFile(path).catch(() => null) : null;
    if (!body)
      return c.json({ success: false, error: 'Widget not found (run npm run build)' }, 404);
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    const headers = {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      ETag: etag,
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    return c.body(body, 200, headers);
  });
}

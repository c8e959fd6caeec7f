import type { Env, Hono } from 'hono';
import { join } from 'node:path';
import { loadAsset } from './lib/assets';
import { revalidate, sendAsset } from './lib/sendAsset';

/** The widget bundles: file name → the built file in its package's dist. */
export function widgetFiles(repoRoot: string): Record<string, string> {
  return {
    'chat.js': join(repoRoot, 'packages/chat-widget/dist/chat.js'),
    'chat.mjs': join(repoRoot, 'packages/chat-widget/dist/chat.mjs'),
    'voice.js': join(repoRoot, 'packages/voice-widget/dist/voice.js'),
    'voice.mjs': join(repoRoot, 'packages/voice-widget/dist/voice.mjs'),
    'voice-livekit.js': join(repoRoot, 'packages/voice-widget/dist/voice-livekit.js'),
    // Calls over the server's own WebSocket stream (no LiveKit) and their microphone worklet.
    'voice-ws.js': join(repoRoot, 'packages/voice-widget/dist/voice-ws.js'),
    'voice-worklet.js': join(repoRoot, 'packages/voice-widget/dist/voice-worklet.js'),
  };
}

/**
 * GET /widget/{chat,voice}.{js,mjs}: brotli or gzip by content negotiation (precompressed at
 * build time), revalidated by ETag before each use (a site keeps its copy until the bundle
 * changes: a 304 costs no body), and loadable from any site (CORS), since site owners paste the
 * script tags into their own pages.
 */
export function serveWidgets<E extends Env>(app: Hono<E>, files: Record<string, string>) {
  app.get('/widget/:file', async (c) => {
    const path = files[c.req.param('file')];
    const asset = path ? await loadAsset(path) : null;
    if (!asset)
      return c.json({ success: false, error: 'Widget not found (run npm run build)' }, 404);
    return sendAsset(c, asset, `public, ${revalidate}`, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });
}

import type { Env, Hono } from 'hono';
import { join, normalize, resolve } from 'node:path';
import { loadAsset } from './lib/assets';
import { immutable, revalidate, sendAsset } from './lib/sendAsset';

/**
 * Serves the built console: its files (precompressed brotli/gzip variants by content
 * negotiation; hashed /assets/* immutable, everything else revalidated by ETag); a route with a
 * page of its own (/login → login.html) gets it; other non-API GET paths fall back to index.html
 * (SPA routes).
 */
export function serveConsole<E extends Env>(app: Hono<E>, dir: string) {
  const root = resolve(dir);
  app.get('*', async (c, next) => {
    const url = new URL(c.req.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return c.text('Bad request', 400);
    }
    if (/^\/(api|v1|voice|messaging|widget|chatbot)(\/|$)/.test(path)) return next();
    const target = normalize(join(root, path));
    if (path !== '/' && target.startsWith(root + '/') && !/\.(br|gz)$/.test(target)) {
      const asset = await loadAsset(target);
      if (asset) return sendAsset(c, asset, path.startsWith('/assets/') ? immutable : revalidate);
    }
    // A route with a page of its own, e.g. /login → login.html (prerendered at build time:
    // scripts/prerender-page.mjs); any other route gets index.html.
    if (/^\/[a-z][a-z-]*$/.test(path)) {
      const page = await loadAsset(join(root, `${path.slice(1)}.html`));
      if (page) return sendAsset(c, page, revalidate);
    }
    const index = await loadAsset(join(root, 'index.html'));
    if (!index) return c.text('Console not built: run `npm run build`.', 503);
    return sendAsset(c, index, revalidate);
  });
}

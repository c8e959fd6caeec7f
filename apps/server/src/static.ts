import type { Env, Hono } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

async function fileIfExists(path: string): Promise<Buffer | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? await readFile(path) : null;
  } catch {
    return null;
  }
}

/** Serves the built console; unknown non-API GET paths fall back to index.html (SPA routes). */
export function serveConsole<E extends Env>(app: Hono<E>, dir: string) {
  const root = resolve(dir);
  app.get('*', async (c, next) => {
    const url = new URL(c.req.url);
    const path = decodeURIComponent(url.pathname);
    if (/^\/(api|v1|voice|messaging|widget)(\/|$)/.test(path)) return next();
    const target = normalize(join(root, path));
    if (target.startsWith(root)) {
      const body = path !== '/' ? await fileIfExists(target) : null;
      if (body) {
        const immutable = path.startsWith('/assets/');
        return c.body(new Uint8Array(body), 200, {
          'content-type': types[extname(target)] ?? 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
      }
    }
    const index = await fileIfExists(join(root, 'index.html'));
    if (!index) return c.text('Console not built: run `npm run build`.', 503);
    return c.body(new Uint8Array(index), 200, {
      'content-type': types['.html']!,
      'cache-control': 'no-cache',
    });
  });
}

import type { Context } from 'hono';
import { assetResponse, type Asset } from './assets';

// How a built file is answered (the console, the widgets, the public chat page's assets).

/** Vite's content-hashed output: safe to cache for a year. */
export const immutable = 'public, max-age=31536000, immutable';
/** Kept, but asked again (ETag) before each use. */
export const revalidate = 'no-cache';

/** The answer for one asset, negotiated from the request (encoding, If-None-Match, HEAD). */
export function sendAsset(
  c: Context,
  asset: Asset,
  cacheControl: string,
  headers?: Record<string, string>,
): Response {
  return assetResponse(asset, {
    acceptEncoding: c.req.header('Accept-Encoding'),
    ifNoneMatch: c.req.header('If-None-Match'),
    cacheControl,
    headers,
    head: c.req.method === 'HEAD',
  });
}

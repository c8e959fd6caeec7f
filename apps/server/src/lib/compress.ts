import type { MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { pickEncoding } from './assets';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Answers compressed on the fly: JSON and plain text (never event streams, never assets). */
const dynamicTypes = /^(application\/(json|problem\+json)|text\/plain)\b/i;

export interface CompressOptions {
  /** Bodies smaller than this (bytes) go out as they are. Default 1024. */
  threshold?: number;
}

function addVary(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(vary) && vary.trim() !== '*')
    headers.set('Vary', `${vary}, Accept-Encoding`);
}

/**
 * Compresses JSON (and plain-text) answers of at least `threshold` bytes with brotli or gzip,
 * whichever the client prefers. Anything else passes untouched and unbuffered: server-sent
 * event streams (`text/event-stream`) flow event by event, and static assets carry their own
 * precompressed encoding (see assets.ts).
 */
export function compressAnswers({ threshold = 1024 }: CompressOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (
      !dynamicTypes.test(type) ||
      !res.body ||
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 304 ||
      res.headers.has('Content-Encoding') ||
      res.headers.get('Cache-Control')?.includes('no-transform')
    )
      return;
    addVary(res.headers);
    const encoding = pickEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    const declared = Number(res.headers.get('Content-Length') ?? NaN);
    if (encoding === 'identity' || declared < threshold) return;

    const raw = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let body: Uint8Array = raw;
    if (raw.byteLength >= threshold) {
      body = new Uint8Array(
        encoding === 'br'
          ? await brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
              },
            })
          : await gz(raw, { level: 6 }),
      );
      headers.set('Content-Encoding', encoding);
    }
    headers.set('Content-Length', String(body.byteLength));
    // Drop the consumed response first: Hono would otherwise copy its headers onto the new one.
    c.res = undefined;
    c.res = new Response(body as unknown as ConstructorParameters<typeof Response>[0], {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  };
}

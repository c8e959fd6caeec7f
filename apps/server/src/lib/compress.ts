import type { Context, MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { pickEncoding } from './assets';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Brotli (quality 5: fast, still small) or gzip (level 6) of one answer's bytes. */
async function encode(raw: Uint8Array, encoding: 'br' | 'gzip'): Promise<Uint8Array> {
  return new Uint8Array(
    encoding === 'br'
      ? await brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
          },
        })
      : await gz(raw, { level: 6 }),
  );
}

/**
 * A JSON answer that is served many times as it is (a cached list): its bytes and each encoding
 * are made once, on first use, and kept with it.
 */
export class ReusableJson {
  readonly bytes: Uint8Array;
  private readonly encoded = new Map<'br' | 'gzip', Promise<Uint8Array>>();

  constructor(json: string) {
    this.bytes = new TextEncoder().encode(json);
  }

  encodedAs(encoding: 'br' | 'gzip'): Promise<Uint8Array> {
    let done = this.encoded.get(encoding);
    if (!done) {
      done = encode(this.bytes, encoding);
      this.encoded.set(encoding, done);
      done.catch(() => this.encoded.delete(encoding));
    }
    return done;
  }
}

/** Answers a ReusableJson, compressed as the client prefers (the kept encoding) when ≥ `threshold`. */
export async function reusableJsonAnswer(
  c: Context,
  json: ReusableJson,
  threshold = 1024,
): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Vary: 'Accept-Encoding',
  };
  const encoding =
    json.bytes.byteLength >= threshold
      ? pickEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip'])
      : 'identity';
  if (encoding === 'identity' || c.req.method === 'HEAD')
    return c.body(json.bytes as unknown as ArrayBuffer, 200, headers);
  headers['Content-Encoding'] = encoding;
  return c.body((await json.encodedAs(encoding)) as unknown as ArrayBuffer, 200, headers);
}

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
    // `res.body` is read last: on @hono/node-server it turns a lightweight answer into a full one.
    if (
      !dynamicTypes.test(type) ||
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
    if (encoding === 'identity' || declared < threshold || !res.body) return;

    const raw = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let body: Uint8Array = raw;
    if (raw.byteLength >= threshold) {
      body = await encode(raw, encoding);
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

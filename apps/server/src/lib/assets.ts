import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings a static asset is kept in (precompressed at build time, see scripts/precompress.mjs). */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The file suffix of each precompressed variant. */
const suffix: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

export const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};

/** Types worth compressing (images in binary formats and woff2 already are). */
export function compressible(contentType: string): boolean {
  return /^(text\/(?!event-stream)|application\/(json|javascript|manifest\+json|problem\+json)|image\/svg\+xml|font\/(ttf|otf))/i.test(
    contentType,
  );
}

/**
 * The encoding to answer with: the client's most preferred (q-values) among `available`, brotli
 * before gzip on a tie; identity unless the client refuses it and something else is acceptable.
 */
export function pickEncoding(acceptEncoding: string | undefined | null, available: Encoding[]) {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (encoding: Encoding) =>
    q.get(encoding) ?? q.get('*') ?? (encoding === 'identity' ? 0.001 : 0);
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const w = available.includes(encoding) ? weight(encoding) : 0;
    if (w > bestWeight) {
      best = encoding;
      bestWeight = w;
    }
  }
  return bestWeight > 0 && bestWeight >= weight('identity') ? best : 'identity';
}

/** A static file in memory, in every encoding it is served in. */
export interface Asset {
  contentType: string;
  /** Identifies the content (the same for every encoding of it). */
  hash: string;
  variants: Partial<Record<Encoding, Uint8Array>> & { identity: Uint8Array };
}

const cache = new Map<string, { version: string; asset: Asset }>();

async function readIfFile(path: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    return null;
  }
}

/**
 * Loads a file and its precompressed `.br` / `.gz` siblings (kept in memory until the file
 * changes). A compressible file without them (a build without the precompress step) is compressed
 * once here instead. Null when there is no such file.
 */
export async function loadAsset(path: string): Promise<Asset | null> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const version = `${info.size}:${info.mtimeMs}`;
  const cached = cache.get(path);
  if (cached?.version === version) return cached.asset;

  const identity = await readIfFile(path);
  if (!identity) return null;
  const contentType = contentTypes[extname(path)] ?? 'application/octet-stream';
  const asset: Asset = {
    contentType,
    hash: createHash('sha1').update(identity).digest('base64url').slice(0, 22),
    variants: { identity },
  };
  if (compressible(contentType) && identity.byteLength > 0) {
    for (const encoding of ['br', 'gzip'] as const) {
      const built = await readIfFile(path + suffix[encoding]);
      const body =
        built ??
        new Uint8Array(
          encoding === 'br'
            ? brotliCompressSync(identity, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
              })
            : gzipSync(identity, { level: 9 }),
        );
      // A variant no smaller than the file itself is not worth a Content-Encoding.
      if (body.byteLength < identity.byteLength) asset.variants[encoding] = body;
    }
  }
  cache.set(path, { version, asset });
  return asset;
}

/** The ETag of one encoding of an asset (a representation has its own validator). */
export function etagOf(hash: string, encoding: Encoding): string {
  return `"${hash}${encoding === 'identity' ? '' : `-${encoding === 'br' ? 'br' : 'gz'}`}"`;
}

/** Does If-None-Match name this content (in any of its encodings, weak or strong)? */
export function matchesEtag(ifNoneMatch: string | undefined | null, hash: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"|"$/g, '')
      .replace(/-(br|gz)$/, '');
    return value === hash;
  });
}

export interface AssetResponseOptions {
  acceptEncoding?: string | null;
  ifNoneMatch?: string | null;
  cacheControl: string;
  headers?: Record<string, string>;
  /** HEAD: headers only. */
  head?: boolean;
}

/**
 * The answer for an asset: the best encoding the client accepts (`Vary: Accept-Encoding`), its
 * ETag, and 304 when the client already holds this content.
 */
export function assetResponse(asset: Asset, options: AssetResponseOptions): Response {
  const available = Object.keys(asset.variants) as Encoding[];
  const encoding = pickEncoding(options.acceptEncoding, available);
  const body = asset.variants[encoding] ?? asset.variants.identity;
  const headers = new Headers({
    'Content-Type': asset.contentType,
    'Cache-Control': options.cacheControl,
    ETag: etagOf(asset.hash, encoding),
    ...options.headers,
  });
  if (available.length > 1) headers.set('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
  if (matchesEtag(options.ifNoneMatch, asset.hash))
    return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(body.byteLength));
  return new Response(
    options.head ? null : (body as unknown as ConstructorParameters<typeof Response>[0]),
    { status: 200, headers },
  );
}

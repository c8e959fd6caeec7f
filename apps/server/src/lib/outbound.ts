import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAll } from 'node:dns/promises';
import { STATUS_CODES } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * The outbound address policy for every request a tenant can point somewhere (the URL import, an
 * agent's model_live_url): http(s) only, no credentials in the URL, public addresses only —
 * checked on the URL, again at connect time on the resolved addresses (no DNS-rebinding window)
 * and so after every redirect — unless the operator allow-listed the host.
 */
export class OutboundError extends Error {}

/** A host allow-list check; hosts are compared lower-case, without IPv6 brackets or a trailing dot. */
export type AllowHost = (host: string) => boolean;

const globalUnicast6 = ipaddr.parseCIDR('2000::/3');

function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/**
 * Only globally routable unicast addresses. Loopback, private, link-local (cloud metadata), CGNAT,
 * reserved, multicast… are refused, in every notation: IPv4-mapped (`::ffff:127.0.0.1`) is judged
 * as the IPv4 it carries, and an IPv6 address must be global unicast (2000::/3, outside the
 * special ranges inside it), which refuses IPv4-compatible (`::127.0.0.1`), NAT64 (`64:ff9b::…`),
 * 6to4 and Teredo notations of internal addresses.
 */
export function isPublicAddress(address: string): boolean {
  const raw = normalizeHost(address);
  if (!ipaddr.isValid(raw) || raw.includes('%')) return false;
  let ip = ipaddr.parse(raw);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else return v6.range() === 'unicast' && v6.match(globalUnicast6);
  }
  return ip.range() === 'unicast';
}

/** 'localhost, ollama.lan:11434' → a check for those hosts (ports are ignored). */
export function allowHostsFrom(value: string | undefined): AllowHost {
  const hosts = new Set(
    (value ?? '')
      .split(',')
      .map((h) => normalizeHost(h.trim().replace(/:\d+$/, '')))
      .filter(Boolean),
  );
  return (host) => hosts.has(normalizeHost(host));
}

export const allowNoHost: AllowHost = () => false;

/**
 * Parses and checks a URL before any connection: http or https, no user:password, and an IP
 * literal host must be public (names are checked on their resolved addresses at connect time).
 * The WHATWG parser already turns decimal, hex, octal and short IPv4 notations into dotted form.
 */
export function checkOutboundUrl(raw: string, allowHost: AllowHost): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('Only http and https URLs are allowed');
  if (url.username || url.password)
    throw new OutboundError('URLs with credentials are not allowed');
  const host = normalizeHost(url.hostname);
  if (!allowHost(host) && isIP(host) && !isPublicAddress(host))
    throw new OutboundError(`${host} is not a public address`);
  return url;
}

/**
 * Save-time check of a URL that passed checkOutboundUrl: unless the operator allow-listed its host
 * or it is an IP literal (judged there), every address its host resolves to must be public.
 * Throws an OutboundError: "The host h cannot be found" or "h resolves to a, which is not a public
 * address" (the connect-time guard checks again).
 */
export async function checkResolvesPublic(url: URL, allowHost: AllowHost): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowHost(host) || isIP(host)) return;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await dnsLookupAll(host, { all: true });
  } catch {
    throw new OutboundError(`The host ${host} cannot be found`);
  }
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  if (bad || addresses.length === 0)
    throw new OutboundError(
      `${host} resolves to ${bad?.address ?? 'no address'}, which is not a public address`,
    );
}

/**
 * Names under the special-use `.invalid` never resolve (RFC 6761 §6.4: resolvers answer them
 * negatively at once): no DNS query is sent for them, so an offline or slow resolver cannot turn
 * "not found" into a time-out.
 */
export function neverResolves(hostname: string): boolean {
  return /(^|\.)invalid\.?$/i.test(hostname);
}

/** A DNS lookup that refuses any non-public address among the answers (at connect time). */
export function guardedLookup(allowHost: AllowHost): LookupFunction {
  return (hostname, options, callback) => {
    if (neverResolves(hostname)) {
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      error.code = 'ENOTFOUND';
      error.syscall = 'getaddrinfo';
      return callback(error, '', 0);
    }
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      if (!allowHost(hostname)) {
        const bad = list.find((a) => !isPublicAddress(a.address));
        if (bad || list.length === 0)
          return callback(
            new OutboundError(`The address of ${hostname} is not a public address`),
            '',
            0,
          );
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface GuardedAgentOptions {
  allowHost: AllowHost;
  /** Connection timeout (ms). */
  connectTimeoutMs?: number;
  /** Idle time between body chunks before undici gives up (ms). */
  bodyTimeoutMs?: number;
  /** Time to the response headers (ms). */
  headersTimeoutMs?: number;
}

/**
 * An undici dispatcher whose every connection — the first and each redirect's — goes to an
 * allowed address: IP literals are checked before connecting, names through `guardedLookup`.
 */
export function guardedAgent(options: GuardedAgentOptions): Agent {
  const { allowHost } = options;
  const connector = buildConnector({
    lookup: guardedLookup(allowHost),
    timeout: options.connectTimeoutMs ?? 10_000,
  } as buildConnector.BuildOptions);
  return new Agent({
    bodyTimeout: options.bodyTimeoutMs,
    headersTimeout: options.headersTimeoutMs,
    connect: (opts, callback) => {
      const host = normalizeHost(opts.hostname);
      if (!allowHost(host) && isIP(host) && !isPublicAddress(host)) {
        callback(new OutboundError(`${host} is not a public address`), null);
        return;
      }
      connector(opts, callback);
    },
  });
}

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Inflaters for the content codings a server may send although it was not asked to. */
const inflaters: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * A `fetch` on undici's request API: one request on the dispatcher, answered as a web Response,
 * without fetch's per-call machinery (request and header objects, its stream plumbing), which
 * costs a model's first token about a millisecond of CPU. For string or byte bodies (anything
 * else goes through undici's fetch); redirects are not followed (`status` and `location` are
 * returned as they are); no Accept-Encoding is sent, and a compressed answer is inflated anyway.
 */
export function requestFetch(dispatcher: Agent): FetchFn {
  return async (input, init = {}) => {
    const body = init.body ?? undefined;
    if (
      input instanceof Request ||
      (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array))
    )
      return undiciFetch(input as string, {
        ...(init as object),
        redirect: 'manual',
        dispatcher,
      }) as unknown as Promise<Response>;
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const res = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: method as 'GET',
      headers: Object.fromEntries(new Headers(init.headers)),
      body,
      signal: init.signal ?? undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
        headers.append(name, v);
    const status = res.statusCode;
    if (status < 200 || status > 599) {
      res.body.destroy();
      throw new OutboundError(`The server answered with status ${status}`);
    }
    if (method === 'HEAD' || [204, 205, 304].includes(status)) {
      res.body.resume();
      return new Response(null, { status, statusText: STATUS_CODES[status] ?? '', headers });
    }
    const coding = (headers.get('content-encoding') ?? '').trim().toLowerCase();
    const inflate = inflaters[coding];
    let stream: Readable = res.body;
    if (inflate) {
      // An error on either side destroys both (the answer's stream then errors).
      stream = pipeline(res.body, inflate(), () => undefined);
      headers.delete('content-encoding');
      headers.delete('content-length');
    }
    // (Not Readable.toWeb: on Node 20 it can enqueue a chunk after the reader cancelled, a crash.)
    return new Response(WebReadableStream.from(stream) as unknown as ReadableStream<Uint8Array>, {
      status,
      statusText: STATUS_CODES[status] ?? '',
      headers,
    });
  };
}

/**
 * A `fetch` that only reaches allowed addresses (checked on the URL, at connect time and after
 * every redirect, which it follows itself, at most `maxRedirects`).
 */
export function guardedFetch(
  options: GuardedAgentOptions & {
    maxRedirects?: number;
    /** Requests through `requestFetch` (a model's streamed answer: less CPU per call). */
    lean?: boolean;
  },
): FetchFn {
  const dispatcher = guardedAgent(options);
  const send: FetchFn = options.lean
    ? requestFetch(dispatcher)
    : (input, init = {}) =>
        undiciFetch(input as string, {
          ...(init as object),
          headers: [...new Headers(init.headers)],
          body: init.body as never,
          redirect: 'manual',
          dispatcher,
        }) as unknown as Promise<Response>;
  const maxRedirects = options.maxRedirects ?? 5;
  return async (input, init = {}) => {
    let url = checkOutboundUrl(
      typeof input === 'string' || input instanceof URL ? String(input) : input.url,
      options.allowHost,
    );
    let method = init.method ?? 'GET';
    let body = init.body;
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      const res = await send(url, { ...init, method, headers, body });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return res;
      await res.body?.cancel().catch(() => undefined);
      if (hop >= maxRedirects) throw new OutboundError('Too many redirects');
      const next = checkOutboundUrl(new URL(location, url).toString(), options.allowHost);
      if (next.origin !== url.origin) {
        // Credentials never follow a redirect to another origin.
        headers.delete('authorization');
        headers.delete('cookie');
        headers.delete('x-api-key');
      }
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      url = next;
    }
  };
}

/**
 * Reads a response body up to `maxBytes` (whatever its headers claim); null when it is larger
 * (the rest is not read: the stream is cancelled). With a `signal`, an abort cancels the read
 * and throws the signal's reason.
 */
export async function readCappedBody(
  res: Response,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Buffer | null> {
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) return Buffer.concat(chunks);
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(Buffer.from(value));
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

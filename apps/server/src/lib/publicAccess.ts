import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { cors } from 'hono/cors';
import { rateLimiter, type Store } from 'hono-rate-limiter';
import { HttpError } from './http';
import type { RateLimitStores } from './rateLimitStore';

/**
 * Number of reverse proxies in front of this server (`TRUST_PROXY`): 0 (default) ignores
 * X-Forwarded-For; `true` counts as 1. Anything else that is not a whole number counts as 0.
 */
export function trustedProxyHops(value: string | undefined): number {
  if (!value) return 0;
  if (value.trim().toLowerCase() === 'true') return 1;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

/**
 * The client's address from the socket's address and X-Forwarded-For: each trusted proxy appends
 * the address it saw, so the chain [...X-Forwarded-For, socket] is read from the right and the
 * first address that no trusted proxy vouches for is the client. A made-up X-Forwarded-For only
 * adds entries to the left of that one; with no trusted proxy the header is ignored.
 */
export function clientAddressFrom(
  socketAddress: string,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  if (trustedHops <= 0 || !forwardedFor) return socketAddress;
  const chain = [
    ...forwardedFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    socketAddress,
  ];
  return chain[Math.max(0, chain.length - 1 - trustedHops)]!;
}

/** The visitor's IP for rate limits: see clientAddressFrom (one rule for every limit). */
export function visitorIp(c: Context, trustedHops: number): string {
  let socket = 'unknown';
  try {
    socket = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    /* not a Node socket (tests calling app.fetch directly) */
  }
  return clientAddressFrom(socket, c.req.header('X-Forwarded-For'), trustedHops);
}

/** The request's `Authorization: Bearer …` key ('' when none). */
export const bearerOf = (c: Context) =>
  /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';

export interface PublicLimits {
  perKeyPerMinute: number;
  perIpPerMinute: number;
  /** Reads of the public runtime (a conversation's event stream, its messages) per visitor IP. */
  readsPerIpPerMinute: number;
  /** Reverse proxies in front of the server (TRUST_PROXY). */
  trustedHops: number;
}

export function publicLimitsFrom(env: Record<string, string | undefined>): PublicLimits {
  return {
    perKeyPerMinute: Number(env.PARLEY_RATE_LIMIT_PER_KEY ?? 120),
    perIpPerMinute: Number(env.PARLEY_RATE_LIMIT_PER_IP ?? 30),
    readsPerIpPerMinute: Number(env.PARLEY_RATE_LIMIT_READS_PER_IP ?? 120),
    trustedHops: trustedProxyHops(env.TRUST_PROXY),
  };
}

export interface LimiterOptions {
  limit: number;
  windowMs?: number;
  key: (c: Context) => string | Promise<string>;
  /** Named in the 429 message: 'Too many requests for this {what}'. */
  what: string;
  /** Count only failed requests (status ≥ 400, or as `wasSuccessful` says), e.g. failed sign-ins. */
  onlyFailures?: boolean;
  wasSuccessful?: (c: Context) => boolean;
  /** Requests that do not count at all. */
  skip?: (c: Context) => boolean | Promise<boolean>;
  /** Where the counts are kept (lib/rateLimitStore.ts); default: this process's memory. */
  store?: Store;
}

/**
 * A fixed-window rate limit: 429 with Retry-After and a JSON message. Counted in this process's
 * memory, or in `store` (PostgreSQL: shared by every process).
 */
export function limiter(options: LimiterOptions): MiddlewareHandler {
  const windowMs = options.windowMs ?? 60_000;
  return rateLimiter({
    windowMs,
    limit: options.limit,
    standardHeaders: 'draft-6',
    keyGenerator: options.key,
    ...(options.store ? { store: options.store } : {}),
    skipSuccessfulRequests: options.onlyFailures ?? false,
    ...(options.wasSuccessful ? { requestWasSuccessful: options.wasSuccessful } : {}),
    ...(options.skip ? { skip: options.skip } : {}),
    handler: (c) => {
      const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined;
      const seconds = info?.resetTime
        ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))
        : Math.ceil(windowMs / 1000);
      c.header('Retry-After', String(seconds));
      return c.json(
        {
          success: false,
          error: `Too many requests for this ${options.what}; try again in ${seconds} s`,
          message: `Too many requests for this ${options.what}; try again in ${seconds} s`,
          code: 'rate_limited',
        },
        429,
      );
    },
  });
}

/**
 * Rate limits for the public, key-authorised endpoints: per agent key and per visitor IP (429 +
 * Retry-After). `scope` names the endpoint's own counts ('runtime', 'voice-token'); `stores`
 * shares them between processes (lib/rateLimitStore.ts).
 */
export function publicRateLimits(
  limits: PublicLimits,
  scope = 'public',
  stores?: RateLimitStores,
): MiddlewareHandler[] {
  return [
    limiter({
      limit: limits.perIpPerMinute,
      key: (c) => `ip:${visitorIp(c, limits.trustedHops)}`,
      what: 'visitor',
      store: stores?.(`${scope}-ip`),
    }),
    limiter({
      limit: limits.perKeyPerMinute,
      key: (c) => `key:${bearerOf(c)}`,
      what: 'agent',
      store: stores?.(`${scope}-key`),
    }),
  ];
}

/**
 * The public runtime's reads (GET /v1/conversations/{id}/events, GET /v1/messages) per visitor IP
 * (429 + Retry-After): a widget opens the stream and reads the history once per page; a loop that
 * reconnects or pages without end is stopped before it costs.
 */
export function publicReadLimit(
  limits: PublicLimits,
  scope = 'public-read',
  stores?: RateLimitStores,
): MiddlewareHandler {
  return limiter({
    limit: limits.readsPerIpPerMinute,
    key: (c) => `ip:${visitorIp(c, limits.trustedHops)}`,
    what: 'visitor',
    store: stores?.(`${scope}-ip`),
  });
}

/** Per-agent allowed origins: a browser request from another site is refused (empty list = any site). */
export function assertOriginAllowed(origin: string | undefined, allowed: string[]): void {
  if (!origin || allowed.length === 0) return;
  if (!allowed.includes(origin))
    throw new HttpError(403, 'This site is not allowed to use this agent', {
      code: 'origin_not_allowed',
    });
}

/**
 * Cross-origin access to a public, key-authorised router (the widgets call it from any site; the
 * agent's allowed origins are checked per request): the bearer key and JSON, `methods`.
 */
export function publicCors(methods: string[]): MiddlewareHandler {
  return cors({
    origin: '*',
    allowHeaders: ['Authorization', 'Content-Type'],
    allowMethods: methods,
  });
}

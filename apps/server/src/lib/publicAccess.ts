import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { rateLimiter } from 'hono-rate-limiter';
import { HttpError } from './http';

/** The visitor's IP: the socket's address, or X-Forwarded-For's first hop when TRUST_PROXY=1. */
export function visitorIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const bearerOf = (c: Context) =>
  /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';

export interface PublicLimits {
  perKeyPerMinute: number;
  perIpPerMinute: number;
  trustProxy: boolean;
}

export function publicLimitsFrom(env: Record<string, string | undefined>): PublicLimits {
  return {
    perKeyPerMinute: Number(env.PARLEY_RATE_LIMIT_PER_KEY ?? 120),
    perIpPerMinute: Number(env.PARLEY_RATE_LIMIT_PER_IP ?? 30),
    trustProxy: env.TRUST_PROXY === '1',
  };
}

function limiter(limit: number, key: (c: Context) => string, what: string): MiddlewareHandler {
  return rateLimiter({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-6',
    keyGenerator: key,
    handler: (c) => {
      const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined;
      const seconds = info?.resetTime
        ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))
        : 60;
      c.header('Retry-After', String(seconds));
      return c.json(
        {
          success: false,
          error: `Too many requests for this ${what}; try again in ${seconds} s`,
          code: 'rate_limited',
        },
        429,
      );
    },
  });
}

/** Rate limits for the public, key-authorised endpoints: per agent key and per visitor IP (429 + Retry-After). */
export function publicRateLimits(limits: PublicLimits): MiddlewareHandler[] {
  return [
    limiter(limits.perIpPerMinute, (c) => `ip:${visitorIp(c, limits.trustProxy)}`, 'visitor'),
    limiter(limits.perKeyPerMinute, (c) => `key:${bearerOf(c)}`, 'agent'),
  ];
}

/** Per-agent allowed origins: a browser request from another site is refused (empty list = any site). */
export function assertOriginAllowed(origin: string | undefined, allowed: string[]): void {
  if (!origin || allowed.length === 0) return;
  if (!allowed.includes(origin))
    throw new HttpError(403, 'This site is not allowed to use this agent', {
      code: 'origin_not_allowed',
    });
}

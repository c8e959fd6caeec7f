import type { Context, MiddlewareHandler } from 'hono';
import { limiter, trustedProxyHops, visitorIp } from '../lib/publicAccess';
import type { RateLimitStores } from '../lib/rateLimitStore';

export interface AuthLimits {
  /** Failed sign-ins plus sign-ups per client address per window. */
  perIp: number;
  /** Failed sign-ins per account (e-mail) per window, whatever address they come from. */
  perAccount: number;
  windowMs: number;
  /** Reverse proxies in front of the server (TRUST_PROXY). */
  trustedHops: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function authLimitsFrom(env: Record<string, string | undefined>): AuthLimits {
  return {
    perIp: positive(env.PARLEY_AUTH_RATE_LIMIT_PER_IP, 30),
    perAccount: positive(env.PARLEY_AUTH_RATE_LIMIT_PER_ACCOUNT, 5),
    windowMs: positive(env.PARLEY_AUTH_RATE_LIMIT_WINDOW, 900) * 1000,
    trustedHops: trustedProxyHops(env.TRUST_PROXY),
  };
}

/** The e-mail a sign-in names (read from a copy of the body; the auth handler reads the original). */
async function accountOf(c: Context): Promise<string> {
  try {
    const body = (await c.req.raw.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  } catch {
    return '';
  }
}

const isSignIn = (c: Context) => c.req.path.includes('/sign-in/');

/**
 * Limits on /api/auth/sign-in/* and /api/auth/sign-up/* (429 with Retry-After), in every mode:
 * per client address (failed sign-ins and every sign-up; a made-up X-Forwarded-For is ignored
 * unless TRUST_PROXY says a proxy wrote it) and per account (failed sign-ins, from any address).
 * Kept in this process's memory, or in `stores` (PostgreSQL: shared by every process).
 */
export function authRateLimits(limits: AuthLimits, stores?: RateLimitStores): MiddlewareHandler[] {
  return [
    limiter({
      limit: limits.perIp,
      windowMs: limits.windowMs,
      key: (c) => `auth-ip:${visitorIp(c, limits.trustedHops)}`,
      what: 'address',
      onlyFailures: true,
      wasSuccessful: (c) => isSignIn(c) && c.res.status < 400,
      store: stores?.('auth-ip'),
    }),
    limiter({
      limit: limits.perAccount,
      windowMs: limits.windowMs,
      key: async (c) => (isSignIn(c) ? `auth-account:${await accountOf(c)}` : 'auth-account:'),
      what: 'account',
      onlyFailures: true,
      skip: async (c) => !isSignIn(c) || !(await accountOf(c)),
      store: stores?.('auth-account'),
    }),
  ];
}

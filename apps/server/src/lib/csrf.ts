import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './http';

export interface CsrfOptions {
  /** Origins besides the request's own that may send state-changing requests (PUBLIC_URL, PARLEY_TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  /** Requests that carry their own credential instead of the cookie (e.g. an agent key as bearer). */
  exempt?: (c: Context) => boolean;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 'https://Example.com:443/' → 'https://example.com'; not a URL → null. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request may go on: a browser names the page that sent it in `Origin`
 * (and `Sec-Fetch-Site`). It must be this server's own origin or a trusted one; a browser request
 * without Origin must say `Sec-Fetch-Site: same-origin` (or `none`: typed by the user). A request
 * with neither header is not from a browser (curl, server-to-server) and carries no ambient cookie
 * risk. Same rule as better-auth's origin check on /api/auth and Go's CrossOriginProtection.
 */
export function crossSiteVerdict(
  headers: { origin?: string; secFetchSite?: string },
  allowed: ReadonlySet<string>,
): 'allow' | 'refuse' {
  if (headers.origin !== undefined) {
    const origin = normalizeOrigin(headers.origin);
    return origin && allowed.has(origin) ? 'allow' : 'refuse';
  }
  const site = headers.secFetchSite?.toLowerCase();
  if (site === undefined || site === 'same-origin' || site === 'none') return 'allow';
  return 'refuse';
}

/** CSRF protection for cookie-authorised routes: POST/PUT/PATCH/DELETE from another site → 403. */
export function csrfProtection(options: CsrfOptions): MiddlewareHandler {
  const trusted = options.trustedOrigins
    .map((o) => normalizeOrigin(o))
    .filter((o): o is string => o !== null);
  return async (c, next) => {
    if (safeMethods.has(c.req.method) || options.exempt?.(c)) return next();
    const allowed = new Set([new URL(c.req.url).origin, ...trusted]);
    const verdict = crossSiteVerdict(
      { origin: c.req.header('Origin'), secFetchSite: c.req.header('Sec-Fetch-Site') },
      allowed,
    );
    if (verdict === 'refuse') {
      throw new HttpError(403, 'Cross-site request refused: this origin is not trusted', {
        code: 'cross_site_refused',
      });
    }
    return next();
  };
}

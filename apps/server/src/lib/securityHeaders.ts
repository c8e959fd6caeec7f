import type { MiddlewareHandler } from 'hono';

/** The origins (ws and https) of a LiveKit URL, for connect-src; none when unset or unusable. */
function liveKitOrigins(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const u = new URL(url);
    const host = u.host;
    const secure = u.protocol === 'wss:' || u.protocol === 'https:';
    return secure ? [`wss://${host}`, `https://${host}`] : [`ws://${host}`, `http://${host}`];
  } catch {
    return [];
  }
}

export interface PagePolicy {
  /** Origins the page may fetch from besides its own. */
  connect?: string[];
  /**
   * Inline `<style>` elements (the console's dialogs lock scrolling with one, Radix's
   * react-remove-scroll); the public chat page needs none.
   */
  inlineStyles?: boolean;
}

/**
 * The Content-Security-Policy of our pages: scripts, styles, fonts and images only from our own
 * origin (no inline script, no eval), requests only to our origin and `connect`, no plugins, no
 * <base>, never framed.
 */
export function contentSecurityPolicy({ connect = [], inlineStyles = false }: PagePolicy): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${inlineStyles ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${["'self'", ...new Set(connect)].join(' ')}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The microphone for our own origin (voice calls), nothing else a page could ask for. */
export const permissionsPolicy =
  'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=()';

/** Headers of an HTML page of ours (the console, the public chat page). */
export function pageHeaders(policy: PagePolicy): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(policy),
    'Permissions-Policy': permissionsPolicy,
    'X-Frame-Options': 'DENY',
  };
}

/** The console's page policy: our origin, plus the LiveKit server when voice calls are set up. */
export function consolePolicy(env: Record<string, string | undefined>): PagePolicy {
  return { connect: liveKitOrigins(env.LIVEKIT_URL), inlineStyles: true };
}

/**
 * On every answer: `X-Content-Type-Options: nosniff`, a Referrer-Policy, HSTS when the public
 * address (PUBLIC_URL) is https; on an HTML answer that has no policy of its own, the console's
 * page headers (see {@link pageHeaders}).
 */
export function securityHeaders(env: Record<string, string | undefined>): MiddlewareHandler {
  const hsts = /^https:/i.test(env.PUBLIC_URL ?? '');
  const consoleHeaders = pageHeaders(consolePolicy(env));
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const set = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    try {
      set('X-Content-Type-Options', 'nosniff');
      set('Referrer-Policy', 'strict-origin-when-cross-origin');
      if (hsts) set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      if (/^text\/html/i.test(headers.get('Content-Type') ?? ''))
        for (const [name, value] of Object.entries(consoleHeaders)) set(name, value);
    } catch {
      // Immutable headers (a Response passed through as is): it keeps its own.
    }
  };
}

import type { Hono, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import type { AppEnv } from '../lib/env';
import { HttpError } from '../lib/http';
import type { SessionCache } from '../auth/session';
import { LastUse, resolveApiKey } from './keys';
import { scopeFor } from './scopes';

/** The header an organization API key is sent in (the spec's §7 names it). */
export const apiKeyHeader = 'x-api-key';

/** Whether the request names an API key (then the key alone authorises it, never a cookie). */
export const carriesApiKey = (headers: Headers) => headers.has(apiKeyHeader);

/**
 * The guard of every session-authorised route under /api, /voice and /messaging: the signed-in
 * person (session cookie, through the cache), or an organization API key in `x-api-key`. A key
 * must be active (else 401 'Invalid API key') and the route must be one its scopes open
 * (apikeys/scopes.ts; else 403 naming the scope it lacks, or saying keys cannot make the call). It
 * then acts as its own user, a member of its organization only. No credential → 401 'Unauthorized'.
 */
export function requireCaller(sessions: SessionCache, db: Db): MiddlewareHandler<AppEnv> {
  const lastUse = new LastUse(db);
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    // Two guards can cover one path (`/api/x` and `/api/x/*`): the first one decided.
    if (c.get('user')) return next();
    const presented = c.req.header(apiKeyHeader);
    if (presented === undefined) {
      const session = await sessions.resolve(c.req.raw.headers);
      if (!session) throw new HttpError(401, 'Unauthorized');
      c.set('user', session.user);
      return next();
    }
    const key = await resolveApiKey(db, presented.trim());
    if (!key)
      throw new HttpError(401, 'Invalid API key: it is unknown or was revoked', {
        code: 'invalid_api_key',
      });
    const scope = scopeFor(c.req.method, c.req.path);
    if (!scope)
      throw new HttpError(403, `API keys cannot call ${c.req.method} ${c.req.path}`, {
        code: 'not_for_api_keys',
      });
    if (!key.scopes.includes(scope))
      throw new HttpError(403, `This API key lacks the scope ${scope}`, {
        code: 'scope_required',
        required_scope: scope,
      });
    await lastUse.touch(key);
    c.set('user', key.user);
    c.set('apiKey', { id: key.keyId });
    return next();
  };
  sessionGuards.add(guard);
  return guard;
}

/** Every guard `requireCaller` made: how the route list tells which paths are guarded. */
const sessionGuards = new WeakSet<object>();

/**
 * The paths a router guards with `requireSession` (its `use` entries in the app's route list):
 * apikeys/scopes.test.ts reads them to find every route an API key might call.
 */
export function guardedPathsOf(app: Hono<AppEnv>): string[] {
  return [
    ...new Set(
      app.routes
        .filter((r) => r.method === 'ALL' && sessionGuards.has(r.handler))
        .map((r) => r.path),
    ),
  ];
}

declare module '../lib/env' {
  interface Services {
    /**
     * The session guard (`requireCaller`: the signed-in person or an organization API key within
     * its scopes). Each router that needs a caller applies it itself: `app.use('*', requireSession)`.
     */
    requireSession: MiddlewareHandler<AppEnv>;
  }
}

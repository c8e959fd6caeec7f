import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth';
import type { AppEnv } from './env';
import { HttpError } from './http';

/** Resolves the session cookie to a user; no session → 401 'Unauthorized'. */
export function requireUser(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new HttpError(401, 'Unauthorized');
    const u = session.user as typeof session.user & {
      firstName?: string | null;
      lastName?: string | null;
    };
    c.set('user', {
      id: u.id,
      name: u.name,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
    });
    await next();
  };
}

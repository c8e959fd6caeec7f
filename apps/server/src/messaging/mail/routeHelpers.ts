import type { Context } from 'hono';
import { mailMessages as words } from '@parley/api-client';
import type { AppEnv } from '../../lib/env';
import { HttpError } from '../../lib/http';

/** What the Email routes read from a request (mappingRoutes, mailboxRoutes, draftRoutes, …). */

export const origin = (c: Context) => new URL(c.req.url).origin;

/** An address in the path (lower-cased), else 400 naming the parameter. */
export const emailParam = (c: Context, name = 'email') => {
  const value = decodeURIComponent(c.req.param(name) ?? '')
    .trim()
    .toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
    throw new HttpError(400, `${name}: ${words.email}`);
  return value;
};

export const queryOf = (c: Context) => Object.fromEntries(new URL(c.req.url).searchParams);

/** The signed-in member as a thread names them: their name, else their address. */
export const memberOf = (c: Context<AppEnv>) => {
  const user = c.get('user');
  return { id: user.id, name: user.name?.trim() || user.email };
};

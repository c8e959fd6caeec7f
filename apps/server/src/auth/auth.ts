import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { organization } from 'better-auth/plugins';
import type { Db } from '../db/client';
import * as schema from '../db/schema';

export interface AuthOptions {
  secret: string;
  /** Public URL of this server (cookies, links); the request's own origin is trusted too. */
  baseURL?: string;
  /** Extra origins allowed to call the auth endpoints (e.g. the Vite dev server). */
  trustedOrigins?: string[];
}

/**
 * better-auth: email + password with an httpOnly session cookie, and the organization plugin
 * (creator is owner; added users default to member). Tables are ours (src/db/schema.ts).
 */
export function createAuth(db: Db, options: AuthOptions) {
  const config = {
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: '/api/auth',
    // A signed cookie caches the session for a minute, so most requests skip the session lookup.
    session: { cookieCache: { enabled: true, maxAge: 60 } },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
      },
    },
    plugins: [organization({ creatorRole: 'owner', allowUserToCreateOrganization: true })],
    trustedOrigins: (request?: Request) => {
      const own = request ? [new URL(request.url).origin] : [];
      return [...own, ...(options.trustedOrigins ?? [])];
    },
    logger: { disabled: process.env.NODE_ENV === 'test' },
  } satisfies BetterAuthOptions;
  return betterAuth(config);
}

export type Auth = ReturnType<typeof createAuth>;

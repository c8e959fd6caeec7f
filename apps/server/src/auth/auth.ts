import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { organization } from 'better-auth/plugins';
import { adminAc, memberAc, ownerAc } from 'better-auth/plugins/organization/access';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { passwordProblem } from './password';

export interface AuthOptions {
  secret: string;
  /** Public URL of this server (cookies, links); the request's own origin is trusted too. */
  baseURL?: string;
  /** Extra origins allowed to call the auth endpoints (e.g. the Vite dev server). */
  trustedOrigins?: string[];
  /**
   * Tests only: a cheaper password hash (test/harness.ts). Unset everywhere else, so passwords
   * are hashed with better-auth's scrypt (N=16384, r=16; test/app.test.ts checks a stored hash).
   */
  passwordHasher?: PasswordHasher;
}

/** How passwords are hashed and checked (better-auth's `emailAndPassword.password`). */
export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

/**
 * Organization roles (docs/roles.md): an owner does everything; an admin manages members and
 * invitations but may not delete the organization, and better-auth lets only an owner grant,
 * change or remove the owner role; a member manages no one. The same rules hold on our own
 * Members routes (org/routes.ts), which call these endpoints after checking the role.
 */
export const orgRoles = {
  owner: ownerAc,
  admin: adminAc,
  member: memberAc,
};

/** Refuses a weak new password (sign-up, change, set, reset) with a message naming why. */
const passwordPolicy = createAuthMiddleware(async (ctx) => {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const password =
    ctx.path === '/sign-up/email'
      ? body.password
      : ['/change-password', '/set-password', '/reset-password'].includes(ctx.path)
        ? body.newPassword
        : undefined;
  if (typeof password !== 'string' || !password) return;
  const session = ctx.path === '/sign-up/email' ? null : await getSessionFromCtx(ctx);
  const email = typeof body.email === 'string' ? body.email : (session?.user.email ?? '');
  const problem = passwordProblem(password, email);
  if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'WEAK_PASSWORD' });
});

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
    // No signed cookie cache: a session ends at once on sign-out or revoke. The server's own
    // session cache (auth/session.ts) drops entries when the session row goes (NOTIFY).
    session: { cookieCache: { enabled: false } },
    // Sign-in and sign-up limits are ours (auth/rateLimits.ts), in every mode, keyed by the
    // client address read as TRUST_PROXY says; better-auth's own would trust X-Forwarded-For.
    rateLimit: { enabled: false },
    hooks: { before: passwordPolicy },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      ...(options.passwordHasher ? { password: options.passwordHasher } : {}),
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
      },
    },
    plugins: [
      organization({
        creatorRole: 'owner',
        allowUserToCreateOrganization: true,
        roles: orgRoles,
        // An invite link is valid for 7 days; its id is an opaque random token, so accepting
        // needs no verified e-mail address (the signed-in address must still match).
        invitationExpiresIn: 7 * 24 * 60 * 60,
        requireEmailVerificationOnInvitation: false,
        cancelPendingInvitationsOnReInvite: true,
      }),
    ],
    trustedOrigins: (request?: Request) => {
      const own = request ? [new URL(request.url).origin] : [];
      return [...own, ...(options.trustedOrigins ?? [])];
    },
    logger: { disabled: process.env.NODE_ENV === 'test' },
  } satisfies BetterAuthOptions;
  return betterAuth(config);
}

export type Auth = ReturnType<typeof createAuth>;

declare module '../lib/env' {
  interface Services {
    /** better-auth (sessions, organizations, members). */
    auth: Auth;
  }
}

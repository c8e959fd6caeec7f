import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

export interface Services {
  db: Db;
  auth: Auth;
  logger: Logger;
}

/** Hono environment: the signed-in user is set by `requireUser`. */
export interface AppEnv {
  Variables: { user: SessionUser };
}

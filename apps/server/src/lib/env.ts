import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { SecretBox } from './secrets';
import type { Admission } from './admission';
import type { RateLimitStores } from './rateLimitStore';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * What the server's routes and workers are built with (server.ts assembles it). lib/ names no
 * feature, so a feature adds the service it owns to this interface itself (declaration merging):
 * `auth` (auth/auth.ts) and `vector` (knowledge/retrieve.ts).
 */
export interface Services {
  db: Db;
  logger: Logger;
  secrets: SecretBox;
  /** Environment the runtime reads provider keys from (OPENAI_API_KEY …). */
  env: Record<string, string | undefined>;
  /** The durable reply queue of the message channels (woken when a webhook queues a reply). */
  replies?: { wake(): void };
  /** How many chat turns run at once (adapts to the event loop's delay); none: no limit. */
  admission?: Admission | null;
  /** Where rate limits count (PostgreSQL: shared by every process); none: in memory. */
  rateLimits?: RateLimitStores;
  /** The server's time where a feature reads the clock by day (business hours); tests set it. */
  clock?: () => Date;
}

/**
 * Hono environment: the caller — the signed-in person, or an organization API key's own user — is
 * set by `requireCaller` (apikeys/auth.ts).
 */
export interface AppEnv {
  /** `apiKey`: the organization API key the caller authenticated with (none for a session). */
  Variables: { user: SessionUser; apiKey?: { id: string } };
}

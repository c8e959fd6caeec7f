import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organization } from '../db/schema';
import { cachedRead, tags } from './tenantCache';

/**
 * Shared provider resources: what the operator configured for the whole install — server-wide
 * model and voice keys (OPENAI_API_KEY …), the operator's Twilio account (TWILIO_*) and
 * configured sandbox numbers (PARLEY_SANDBOX_NUMBERS). They serve the install's first
 * organization (the oldest) and those listed in PARLEY_SHARED_PROVIDER_ORGS (ids or names,
 * comma-separated; `*` for every organization). Any other organization brings its own keys.
 */

/** Server-wide keys a shared install lends: the model providers' and the voice providers'. */
export const sharedKeyNames = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GOOGLE_GENERATIVE_AI_API_KEY',
  'GROQ_API_KEY',
  'DEEPSEEK_API_KEY',
  'XAI_API_KEY',
  'ELEVEN_API_KEY',
  'ELEVENLABS_API_KEY',
  'CARTESIA_API_KEY',
  'DEEPGRAM_API_KEY',
  'EMBEDDING_API_KEY',
] as const;

/** Everything a shared install lends: the keys above, the Twilio account and sandbox numbers. */
export const sharedEnvNames: readonly string[] = [
  ...sharedKeyNames,
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'PARLEY_SANDBOX_NUMBERS',
];

export type Env = Record<string, string | undefined>;

/** PARLEY_SHARED_PROVIDER_ORGS as a list ('*' → every organization). */
export function listedOrgs(env: Env): { all: boolean; keys: string[] } {
  const keys = (env.PARLEY_SHARED_PROVIDER_ORGS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return { all: keys.includes('*'), keys };
}

/** The rule as a plain function: is the organization served (first, listed, or all)? */
export function isServed(
  org: { id: string; name: string },
  firstOrgId: string | null,
  env: Env,
): boolean {
  const { all, keys } = listedOrgs(env);
  if (all || org.id === firstOrgId) return true;
  return keys.includes(org.id) || keys.includes(org.name);
}

/** Whether the install has any shared resource configured at all. */
export function hasSharedResources(env: Env): boolean {
  return sharedEnvNames.some((name) => Boolean(env[name]?.trim()));
}

/**
 * The install's first organization: the oldest (ties broken by id). Cached until that
 * organization changes (deleted: the next oldest becomes the first).
 */
function firstOrganizationId(db: Db): Promise<string | null> {
  return cachedRead(
    db,
    'first-organization',
    (id: string | null) => (id ? [tags.organization(id)] : []),
    async () => {
      const [row] = await db
        .select({ id: organization.id })
        .from(organization)
        .orderBy(asc(organization.createdAt), asc(organization.id))
        .limit(1);
      return row?.id ?? null;
    },
    (id) => id !== null,
  );
}

/** Whether the install's shared provider resources serve this organization. */
export async function sharedProvidersServe(db: Db, env: Env, orgId: string): Promise<boolean> {
  const { all, keys } = listedOrgs(env);
  if (all) return true;
  if (keys.length === 0) return (await firstOrganizationId(db)) === orgId;
  const [org] = await db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(eq(organization.id, orgId))
    .limit(1);
  return org ? isServed(org, await firstOrganizationId(db), env) : false;
}

/** The environment without the shared resources (for an organization they do not serve). */
export function withoutShared(env: Env): Env {
  const copy: Env = { ...env };
  for (const name of sharedEnvNames) delete copy[name];
  return copy;
}

/**
 * The environment an organization may draw on: the whole environment when the shared resources
 * serve it, else the environment without them (its own keys and accounts only).
 */
export async function envForOrg(db: Db, env: Env, orgId: string): Promise<Env> {
  if (!hasSharedResources(env)) return env;
  return (await sharedProvidersServe(db, env, orgId)) ? env : withoutShared(env);
}

import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  apiKeyPattern,
  apiKeyPrefix,
  apiKeyScopes,
  maxApiKeysPerOrganization,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyResponse,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { apiKeys, member, organization, user } from '../db/schema';
import { HttpError, notFound } from '../lib/http';
import type { SessionUser } from '../lib/env';
import { cachedRead, tags } from '../lib/tenantCache';

/** A new key: the prefix and 32 random bytes as base64url (43 characters). */
export function generateApiKey(): string {
  return `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
}

/** Hex SHA-256 of a key: what is stored and looked up (a 256-bit random key needs no salt). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Whether two hex hashes are equal, in time independent of where they differ. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The key's own user (it acts through it): its id and the address nobody can sign in with. */
export const keyUserId = (keyId: string) => `apikey_${keyId.replace(/-/g, '')}`;
const keyUserEmail = (keyId: string) => `apikey-${keyId}@api-keys.parley.invalid`;

/** The scopes a stored list holds, in the contract's order (anything else is dropped). */
export const scopesOf = (stored: unknown): ApiKeyScope[] =>
  Array.isArray(stored) ? apiKeyScopes.filter((s) => stored.includes(s)) : [];

type Row = typeof apiKeys.$inferSelect;

function toWire(row: Row, createdBy: string | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    key_hint: `${apiKeyPrefix}…${row.keyLast4}`,
    created_at: row.createdAt.toISOString(),
    created_by: createdBy,
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

/** The organization's active keys, newest first, with the name of who made each. */
export async function listApiKeys(db: Db, orgId: string): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, creatorName: user.name, creatorEmail: user.email })
    .from(apiKeys)
    .leftJoin(user, eq(user.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.organizationId, orgId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) =>
    toWire(r.key, r.creatorEmail ? r.creatorName?.trim() || r.creatorEmail : null),
  );
}

/**
 * Makes a key: its user, that user's membership of the organization (role admin: the scopes, not
 * the role, limit what it does; docs/versions.md) and the key's row, in one transaction. The
 * organization's row is locked so two creations cannot pass the limit together.
 */
export async function createApiKey(
  db: Db,
  input: { orgId: string; name: string; scopes: readonly ApiKeyScope[]; createdBy: SessionUser },
): Promise<CreateApiKeyResponse> {
  const key = generateApiKey();
  const id = randomUUID();
  const userId = keyUserId(id);
  const scopes = apiKeyScopes.filter((s) => input.scopes.includes(s));
  const row = await db.transaction(async (tx) => {
    await tx
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.id, input.orgId))
      .for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, input.orgId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= maxApiKeysPerOrganization)
      throw new HttpError(
        409,
        `This organization has ${maxApiKeysPerOrganization} API keys, the most it may hold: revoke one first`,
        { code: 'api_key_limit' },
      );
    await tx.insert(user).values({
      id: userId,
      name: `${input.name} (API key)`,
      email: keyUserEmail(id),
      emailVerified: false,
    });
    await tx.insert(member).values({
      id: randomUUID(),
      organizationId: input.orgId,
      userId,
      role: 'admin',
    });
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        id,
        organizationId: input.orgId,
        userId,
        name: input.name,
        scopes,
        keyHash: hashApiKey(key),
        keyLast4: key.slice(-4),
        createdBy: input.createdBy.id,
      })
      .returning();
    return inserted!;
  });
  return { ...toWire(row, input.createdBy.name.trim() || input.createdBy.email), key };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revokes a key of the organization at once: marked revoked and its membership removed, in one
 * transaction; both triggers tell every process to forget it as the transaction commits. Another
 * organization's key, an unknown or already revoked one → 404.
 */
/** Revokes a key of the organization's (404 unless it is one, active); answers its name. */
export async function revokeApiKey(db: Db, orgId: string, id: string, revokedBy: string) {
  if (!uuidPattern.test(id)) throw notFound('API key');
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, orgId), isNull(apiKeys.revokedAt)))
      .returning({ userId: apiKeys.userId, name: apiKeys.name });
    if (!revoked) throw notFound('API key');
    await tx
      .delete(member)
      .where(and(eq(member.userId, revoked.userId), eq(member.organizationId, orgId)));
    return { name: revoked.name };
  });
}

/** Who a valid key is: the key, its organization and scopes, and the user it acts through. */
export interface KeyPrincipal {
  keyId: string;
  orgId: string;
  scopes: readonly ApiKeyScope[];
  user: SessionUser;
  keyHash: string;
  lastUsedAt: number | null;
}

/**
 * The active key a presented value is, or null. Only well-formed keys reach the database; a
 * found key is cached (lib/tenantCache) until it is revoked ('k:'), its membership goes ('m:') or
 * its organization does ('o:'), so a call with a key costs no round trip. The hash found is
 * compared again in constant time.
 */
export async function resolveApiKey(db: Db, presented: string): Promise<KeyPrincipal | null> {
  if (!apiKeyPattern.test(presented)) return null;
  const hash = hashApiKey(presented);
  const found = await cachedRead(
    db,
    `apikey:${hash}`,
    (p: KeyPrincipal | null) =>
      p ? [tags.apiKey(p.keyId), tags.member(p.user.id), tags.organization(p.orgId)] : [],
    async (): Promise<KeyPrincipal | null> => {
      const [row] = await db
        .select({ key: apiKeys, userName: user.name, userEmail: user.email })
        .from(apiKeys)
        .innerJoin(
          member,
          and(eq(member.userId, apiKeys.userId), eq(member.organizationId, apiKeys.organizationId)),
        )
        .innerJoin(user, eq(user.id, apiKeys.userId))
        .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
        .limit(1);
      if (!row) return null;
      return Object.freeze({
        keyId: row.key.id,
        orgId: row.key.organizationId,
        scopes: Object.freeze(scopesOf(row.key.scopes)),
        user: Object.freeze({ id: row.key.userId, name: row.userName, email: row.userEmail }),
        keyHash: row.key.keyHash,
        lastUsedAt: row.key.lastUsedAt?.getTime() ?? null,
      });
    },
    (p) => p !== null,
  );
  return found && sameHash(found.keyHash, hash) ? found : null;
}

/** How often a key's last use is written at most (the list shows it to the minute). */
export const lastUseEveryMs = 60_000;

/**
 * Writes a key's last use, at most once a minute per key and process (and, by its condition,
 * once a minute in all); nothing cached depends on it.
 */
export class LastUse {
  private readonly written = new Map<string, number>();
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async touch(p: KeyPrincipal): Promise<void> {
    const now = this.now();
    const last = this.written.get(p.keyId) ?? p.lastUsedAt ?? 0;
    if (now - last < lastUseEveryMs) return;
    if (this.written.size >= 10_000) this.written.clear();
    this.written.set(p.keyId, now);
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(
        and(
          eq(apiKeys.id, p.keyId),
          sql`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < ${new Date(now - lastUseEveryMs)})`,
        ),
      );
  }
}

import { and, asc, eq } from 'drizzle-orm';
import {
  integrationCredentialSchemas,
  knownIntegrationProviders,
  maskSecret,
  type Integration,
  type KnownIntegrationProvider,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { integrations } from '../db/schema';
import { HttpError } from '../lib/http';
import type { SecretBox } from '../lib/secrets';
import { integrationProviderRules } from './providers';

/**
 * The integrations store: per organization, one JSON secret per provider, encrypted at rest;
 * only masked values (`maskSecret`: the last 4 of a long enough secret) leave the server. Only the
 * known providers are accepted, each checked against its real format in the contract
 * (`integrationCredentialSchemas`: fields named `credentials.<name>`); a provider may name a
 * non-secret account id that webhooks use to find the organization.
 */
type Row = typeof integrations.$inferSelect;

/** The wire form; `baseUrl` (PUBLIC_URL or the request's origin) completes a callback URL. */
export function integrationToWire(row: Row, baseUrl?: string): Integration {
  const callbackPath = integrationProviderRules(row.provider)?.callbackPath?.(row.id);
  return {
    provider: row.provider,
    ...(callbackPath && baseUrl ? { callback_url: `${baseUrl}${callbackPath}` } : {}),
    configured: true,
    masked: row.masked,
    last_tested_at: row.lastTestedAt?.toISOString() ?? null,
    last_test_ok: row.lastTestOk,
    last_test_message: row.lastTestMessage,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listIntegrations(db: Db, orgId: string): Promise<Row[]> {
  return db
    .select()
    .from(integrations)
    .where(eq(integrations.organizationId, orgId))
    .orderBy(asc(integrations.provider));
}

export async function findIntegration(db: Db, orgId: string, provider: string) {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.organizationId, orgId), eq(integrations.provider, provider)))
    .limit(1);
  return row ?? null;
}

export function decryptCredentials(box: SecretBox, row: Row): Record<string, string> {
  return JSON.parse(box.decrypt(row.credentialsEncrypted)) as Record<string, string>;
}

/** The decrypted credentials of a provider for an organization, or null. */
export async function integrationCredentials(
  db: Db,
  box: SecretBox,
  orgId: string,
  provider: string,
): Promise<Record<string, string> | null> {
  const row = await findIntegration(db, orgId, provider);
  return row ? decryptCredentials(box, row) : null;
}

/** Stores (replaces) a provider's credentials; bad shape → 400 naming the field. */
export async function saveIntegration(
  db: Db,
  box: SecretBox,
  orgId: string,
  provider: string,
  credentials: Record<string, string>,
): Promise<Row> {
  if (!(knownIntegrationProviders as readonly string[]).includes(provider)) {
    const message = `must be one of ${knownIntegrationProviders.join(', ')}`;
    throw new HttpError(400, `provider: ${message}`, {
      issues: [{ field: 'provider', message }],
    });
  }
  const rule = integrationProviderRules(provider);
  const parsed =
    integrationCredentialSchemas[provider as KnownIntegrationProvider].safeParse(credentials);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // An unknown field is named itself; otherwise the field the issue is about.
    const unknown = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const name = unknown ?? (issue.path.map(String).join('.') || 'body');
    const message = unknown ? `is not a ${provider} credential` : issue.message;
    const field = `credentials.${name}`;
    throw new HttpError(400, `${field}: ${message}`, { issues: [{ field, message }] });
  }
  const checked = parsed.data;
  const masked = Object.fromEntries(Object.entries(checked).map(([k, v]) => [k, maskSecret(v)]));
  const values = {
    credentialsEncrypted: box.encrypt(JSON.stringify(checked)),
    masked,
    accountId: rule?.accountId?.(checked) ?? null,
    lastTestedAt: null,
    lastTestOk: null,
    lastTestMessage: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(integrations)
    .values({ organizationId: orgId, provider, ...values })
    .onConflictDoUpdate({
      target: [integrations.organizationId, integrations.provider],
      set: values,
    })
    .returning();
  return row!;
}

/** Runs the provider's check and records the outcome. */
export async function testIntegration(
  db: Db,
  box: SecretBox,
  row: Row,
  env: Record<string, string | undefined>,
): Promise<{ success: boolean; message: string }> {
  const rule = integrationProviderRules(row.provider);
  const result = rule?.test
    ? await rule.test(decryptCredentials(box, row), env)
    : { ok: false, message: `No test is available for ${row.provider} yet` };
  await db
    .update(integrations)
    .set({ lastTestedAt: new Date(), lastTestOk: result.ok, lastTestMessage: result.message })
    .where(eq(integrations.id, row.id));
  return { success: result.ok, message: result.message };
}

export async function deleteIntegration(db: Db, orgId: string, provider: string) {
  const deleted = await db
    .delete(integrations)
    .where(and(eq(integrations.organizationId, orgId), eq(integrations.provider, provider)))
    .returning({ id: integrations.id });
  return deleted.length > 0;
}

/** Rows of a provider whose account id matches (webhooks find their organization this way). */
export async function integrationsByAccount(db: Db, provider: string, accountId: string) {
  return db
    .select()
    .from(integrations)
    .where(and(eq(integrations.provider, provider), eq(integrations.accountId, accountId)));
}

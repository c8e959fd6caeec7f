import type { Hono } from 'hono';
import { createHash, randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { createKnowledgeApiKeyRequestSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { readJson } from '../lib/http';
import { knowledgeApiKeys } from '../db/schema';
import type { KnowledgeScope } from './scope';

/** A knowledge-base key is stored encrypted (shown at its Copy button) and as this hash (looked up). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A base's API keys (for POST /v1/datasets/{id}/retrieve): list, create. */
export function apiKeyRoutes(
  app: Hono<AppEnv>,
  { db, secrets }: Services,
  { baseOf }: KnowledgeScope,
) {
  app.get('/:id/api-keys', async (c) => {
    const kb = await baseOf(c);
    const rows = await db
      .select()
      .from(knowledgeApiKeys)
      .where(eq(knowledgeApiKeys.knowledgeBaseId, kb.id))
      .orderBy(desc(knowledgeApiKeys.createdAt));
    return c.json(
      rows.map((k) => ({
        id: k.id,
        name: k.name,
        token: secrets.decrypt(k.tokenEncrypted),
        createdAt: k.createdAt.toISOString(),
        lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      })),
    );
  });
  app.post('/:id/api-keys', async (c) => {
    const kb = await baseOf(c);
    const { name } = await readJson(c, createKnowledgeApiKeyRequestSchema);
    const token = `dataset-${randomBytes(18).toString('base64url')}`;
    const [k] = await db
      .insert(knowledgeApiKeys)
      .values({
        knowledgeBaseId: kb.id,
        organizationId: kb.organizationId,
        name,
        tokenHash: hashToken(token),
        tokenEncrypted: secrets.encrypt(token),
      })
      .returning();
    return c.json({
      id: k!.id,
      name: k!.name,
      token,
      createdAt: k!.createdAt.toISOString(),
      lastUsedAt: null,
    });
  });
}

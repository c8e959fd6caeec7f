import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { testRetrievalRequestSchema, uuidSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, HttpError, notFound, readJson } from '../lib/http';
import { knowledgeApiKeys } from '../db/schema';
import { retrieveSegments } from './retrieve';
import { retrievalRecord } from './retrievalRecord';
import { hashToken } from './apiKeyRoutes';
import type { KnowledgeScope } from './scope';

/** The console's retrieval test of one base (POST /api/knowledge-bases/{id}/test-retrieval). */
export function testRetrievalRoutes(
  app: Hono<AppEnv>,
  services: Services,
  { baseOf }: KnowledgeScope,
) {
  const { db } = services;
  app.post('/:id/test-retrieval', async (c) => {
    const kb = await baseOf(c);
    const { query } = await readJson(c, testRetrievalRequestSchema);
    const found = await retrieveSegments(
      db,
      {
        organizationId: kb.organizationId,
        knowledgeBaseIds: [kb.id],
        query,
      },
      services.vector,
    );
    return c.json({ records: found.map(retrievalRecord) });
  });
}

/** POST /v1/datasets/{id}/retrieve with a knowledge-base key as bearer token (that base only). */
export function datasetRetrieveRoutes(services: Services) {
  const app = new Hono();
  app.post('/:id/retrieve', async (c) => {
    const id = check(uuidSchema, c.req.param('id'), 'id');
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!token)
      throw new HttpError(401, 'Authorization header must be Bearer <knowledge base key>');
    const [key] = await services.db
      .select()
      .from(knowledgeApiKeys)
      .where(eq(knowledgeApiKeys.tokenHash, hashToken(token)))
      .limit(1);
    if (!key) throw new HttpError(401, 'Access token is invalid');
    if (key.knowledgeBaseId !== id) throw notFound('Knowledge base');
    const { query } = await readJson(c, testRetrievalRequestSchema);
    await services.db
      .update(knowledgeApiKeys)
      .set({ lastUsedAt: new Date() })
      .where(eq(knowledgeApiKeys.id, key.id));
    const found = await retrieveSegments(
      services.db,
      {
        organizationId: key.organizationId,
        knowledgeBaseIds: [id],
        query,
      },
      services.vector,
    );
    return c.json({
      query: { content: query },
      records: found.map((s) => ({
        segment: {
          id: s.id,
          content: s.content,
          document: { id: s.documentId, name: s.documentName },
        },
        score: s.score,
      })),
    });
  });
  return app;
}

import type { Hono } from 'hono';
import { and, asc, eq } from 'drizzle-orm';
import { segmentPatchRequestSchema, uuidSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, notFound, readJson } from '../lib/http';
import { segments } from '../db/schema';
import type { KnowledgeScope } from './scope';
import { wireSegment } from './wire';

/** A document's segments: list, enable or disable one. */
export function segmentRoutes(app: Hono<AppEnv>, { db }: Services, { documentOf }: KnowledgeScope) {
  app.get('/:id/documents/:docId/segments', async (c) => {
    const { doc } = await documentOf(c);
    const rows = await db
      .select()
      .from(segments)
      .where(eq(segments.documentId, doc.id))
      .orderBy(asc(segments.position));
    return c.json(rows.map(wireSegment));
  });
  app.patch('/:id/documents/:docId/segments/:segId', async (c) => {
    const { doc } = await documentOf(c);
    const segId = check(uuidSchema, c.req.param('segId'), 'segId');
    const { enabled } = await readJson(c, segmentPatchRequestSchema);
    const [s] = await db
      .update(segments)
      .set({ enabled })
      .where(and(eq(segments.id, segId), eq(segments.documentId, doc.id)))
      .returning();
    if (!s) throw notFound('Segment');
    return c.json(wireSegment(s));
  });
}

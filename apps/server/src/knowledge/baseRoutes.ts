import type { Hono } from 'hono';
import { count, desc, eq, sql } from 'drizzle-orm';
import { createKnowledgeBaseRequestSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { readJson } from '../lib/http';
import { documents, knowledgeBases } from '../db/schema';
import { membersForPicker, partialMembersOf, setPartialMembers } from './access';
import type { KnowledgeScope } from './scope';
import { wireBase } from './wire';

/** The bases: list (with document counts and status), create, delete. */
export function baseRoutes(
  app: Hono<AppEnv>,
  { db }: Services,
  { orgOf, visible, baseOf, warningFor, vectorSearchFor }: KnowledgeScope,
) {
  app.get('/', async (c) => {
    const orgId = await orgOf(c);
    const rows = await db
      .select({
        kb: knowledgeBases,
        documentCount: count(documents.id),
        indexing: sql<number>`count(${documents.id}) filter (where ${documents.status} = 'indexing')`,
        failed: sql<number>`count(${documents.id}) filter (where ${documents.status} not in ('indexing', 'completed'))`,
      })
      .from(knowledgeBases)
      .leftJoin(documents, eq(documents.knowledgeBaseId, knowledgeBases.id))
      .where(visible(c, orgId))
      .groupBy(knowledgeBases.id)
      .orderBy(desc(knowledgeBases.createdAt));
    const chosen = await partialMembersOf(
      db,
      rows.filter((r) => r.kb.permission === 'partial_members').map((r) => r.kb.id),
    );
    const vectorSearch = await vectorSearchFor(orgId);
    return c.json(
      rows.map((r) =>
        wireBase(
          r.kb,
          Number(r.documentCount),
          { indexing: Number(r.indexing), failed: Number(r.failed) },
          chosen.get(r.kb.id) ?? [],
          vectorSearch,
        ),
      ),
    );
  });

  app.post('/', async (c) => {
    const { partialMembers, ...body } = await readJson(c, createKnowledgeBaseRequestSchema);
    const orgId = await orgOf(c);
    const me = c.get('user').id;
    // The creator always sees the base: only the others are stored.
    const chosen =
      body.permission === 'partial_members'
        ? await membersForPicker(
            db,
            orgId,
            partialMembers.filter((u) => u !== me),
          )
        : [];
    const kb = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(knowledgeBases)
        .values({ organizationId: orgId, createdBy: me, ...body })
        .returning();
      await setPartialMembers(tx, row!.id, chosen);
      return row!;
    });
    return c.json({
      ...wireBase(
        kb,
        0,
        undefined,
        chosen.map((m) => m.userId),
        await vectorSearchFor(orgId),
      ),
      ...(await warningFor(orgId, kb.indexingTechnique, 'knowledge base')),
    });
  });

  app.delete('/:id', async (c) => {
    const kb = await baseOf(c);
    await db.delete(knowledgeBases).where(eq(knowledgeBases.id, kb.id));
    return c.json({ success: true, message: 'Knowledge base deleted' });
  });
}

import { Hono, type Context } from 'hono';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  chunkSettingsSchema,
  createKnowledgeApiKeyRequestSchema,
  createKnowledgeBaseRequestSchema,
  createTextDocumentRequestSchema,
  createUrlDocumentRequestSchema,
  indexingTechniqueSchema,
  reindexRequestSchema,
  segmentPatchRequestSchema,
  testRetrievalRequestSchema,
  uuidSchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, HttpError, notFound, readJson } from '../lib/http';
import { membershipsOf, requireMembership } from '../lib/tenancy';
import { documents, knowledgeApiKeys, knowledgeBases, segments } from '../db/schema';
import { enqueueIngestion, type IngestionWorker } from '../knowledge/ingest';
import { ParseError, uploadLimits } from '../knowledge/parse';
import { BusyError, extractInWorker } from '../knowledge/pool';
import { crawl, CrawlError } from '../knowledge/fetchUrl';
import { retrieveSegments, vectorForOrg } from '../knowledge/retrieve';
import { membersForPicker, partialMembersOf, setPartialMembers, visibleTo } from './access';

type Ctx = Context<AppEnv>;

/** A document's columns without its text (which can be 10 MB). */
const { content: _content, ...documentColumns } = getTableColumns(documents);

/** Without full-text-only embeddings configured, high_quality bases say so. */
/** The warning of a high_quality base or document on a server without vector search. */
export const fullTextOnlyWarning = (subject: 'document' | 'knowledge base') =>
  `High-quality (vector) indexing needs an embedding provider, which is not configured on this server: this ${subject} is indexed with full-text search only.`;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The knowledge-base API under /api/knowledge-bases (session; org-scoped; only_me bases are the creator's). */
export function knowledgeRoutes(services: Services, worker: IngestionWorker) {
  const { db, secrets } = services;
  const app = new Hono<AppEnv>();

  /** The organization in scope: ?org_id= if the user belongs to it, else the first membership. */
  async function orgOf(c: Ctx): Promise<string> {
    const user = c.get('user');
    const asked = c.req.query('org_id');
    if (asked) return (await requireMembership(db, user.id, asked)).orgId;
    const first = (await membershipsOf(db, user.id))[0];
    if (!first) throw new HttpError(404, 'Organization not found');
    return first.orgId;
  }

  const visible = (c: Ctx, orgId: string) => visibleTo(c.get('user').id, orgId);

  async function baseOf(c: Ctx) {
    const id = check(uuidSchema, c.req.param('id'), 'id');
    const orgId = await orgOfAny(c, id);
    const [kb] = await db
      .select()
      .from(knowledgeBases)
      .where(and(eq(knowledgeBases.id, id), visible(c, orgId)))
      .limit(1);
    if (!kb) throw notFound('Knowledge base');
    return kb;
  }

  /** The base's organization if the user is a member of it (any of their organizations). */
  async function orgOfAny(c: Ctx, kbId: string): Promise<string> {
    const orgIds = (await membershipsOf(db, c.get('user').id)).map((m) => m.orgId);
    if (orgIds.length === 0) throw notFound('Knowledge base');
    const [row] = await db
      .select({ orgId: knowledgeBases.organizationId })
      .from(knowledgeBases)
      .where(and(eq(knowledgeBases.id, kbId), inArray(knowledgeBases.organizationId, orgIds)))
      .limit(1);
    if (!row) throw notFound('Knowledge base');
    return row.orgId;
  }

  async function documentOf(c: Ctx) {
    const kb = await baseOf(c);
    const docId = check(uuidSchema, c.req.param('docId'), 'docId');
    const [doc] = await db
      .select(documentColumns)
      .from(documents)
      .where(and(eq(documents.id, docId), eq(documents.knowledgeBaseId, kb.id)))
      .limit(1);
    if (!doc) throw notFound('Document');
    return { kb, doc };
  }

  const wireBase = (
    kb: typeof knowledgeBases.$inferSelect,
    documentCount: number,
    counts: { indexing: number; failed: number } = { indexing: 0, failed: 0 },
    partialMembers: string[] = [],
  ) => ({
    id: kb.id,
    name: kb.name,
    description: kb.description,
    documentCount,
    // The knowledge-base status icon (spec §4): processing while a document indexes, error when
    // one failed, else ready.
    status: counts.indexing > 0 ? 'processing' : counts.failed > 0 ? 'error' : 'ready',
    createdAt: kb.createdAt.toISOString(),
    indexingTechnique: kb.indexingTechnique,
    permission: kb.permission,
    /** The members a partial_members base is shared with (user ids), besides its creator. */
    partialMembers: kb.permission === 'partial_members' ? partialMembers : [],
    createdBy: kb.createdBy,
    chunkSettings: kb.chunkSettings,
  });
  const wireDoc = (d: Omit<typeof documents.$inferSelect, 'content'>) => ({
    id: d.id,
    name: d.name,
    wordCount: d.wordCount,
    createdAt: d.createdAt.toISOString(),
    enabled: d.enabled,
    status: d.status,
    error: d.error,
    sourceType: d.sourceType,
    sourceUrl: d.sourceUrl,
    indexingTechnique: d.indexingTechnique,
  });
  const wireSegment = (s: typeof segments.$inferSelect) => ({
    id: s.id,
    position: s.position,
    content: s.content,
    enabled: s.enabled,
    wordCount: s.wordCount,
    characters: s.content.length,
    hitCount: s.hitCount,
  });
  // Full-text only: no vector index here, or the install's embedding key does not serve the
  // organization (a shared provider resource, lib/sharedProviders).
  const warningFor = async (
    orgId: string,
    technique: string,
    subject: 'document' | 'knowledge base' = 'document',
  ) =>
    technique === 'high_quality' && !(await vectorForOrg(services.vector, orgId))
      ? { warning: fullTextOnlyWarning(subject) }
      : {};

  async function addDocument(
    kb: typeof knowledgeBases.$inferSelect,
    input: {
      name: string;
      content: string;
      sourceType: string;
      sourceUrl?: string;
      mimeType?: string;
      indexingTechnique?: string;
      chunkSettings?: unknown;
    },
  ) {
    const [doc] = await db
      .insert(documents)
      .values({
        knowledgeBaseId: kb.id,
        organizationId: kb.organizationId,
        name: input.name,
        sourceType: input.sourceType,
        sourceUrl: input.sourceUrl,
        mimeType: input.mimeType,
        content: input.content,
        indexingTechnique: input.indexingTechnique ?? kb.indexingTechnique,
        chunkSettings: input.chunkSettings ?? kb.chunkSettings,
      })
      .returning(documentColumns);
    await enqueueIngestion(db, doc!.id);
    worker.kick();
    return {
      ...wireDoc({ ...doc!, status: 'indexing' }),
      ...(await warningFor(kb.organizationId, doc!.indexingTechnique)),
    };
  }

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
    return c.json(
      rows.map((r) =>
        wireBase(
          r.kb,
          Number(r.documentCount),
          { indexing: Number(r.indexing), failed: Number(r.failed) },
          chosen.get(r.kb.id) ?? [],
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
      ),
      ...(await warningFor(orgId, kb.indexingTechnique, 'knowledge base')),
    });
  });

  app.delete('/:id', async (c) => {
    const kb = await baseOf(c);
    await db.delete(knowledgeBases).where(eq(knowledgeBases.id, kb.id));
    return c.json({ success: true, message: 'Knowledge base deleted' });
  });

  app.get('/:id/documents', async (c) => {
    const kb = await baseOf(c);
    // Every column but the text itself (up to 10 MB a document): the list is polled while indexing.
    const rows = await db
      .select(documentColumns)
      .from(documents)
      .where(eq(documents.knowledgeBaseId, kb.id))
      .orderBy(desc(documents.createdAt));
    return c.json(rows.map(wireDoc));
  });

  app.post('/:id/documents', async (c) => {
    const kb = await baseOf(c);
    const body = await readJson(c, createTextDocumentRequestSchema);
    if (!body.content.trim())
      throw new HttpError(400, 'content: content is required', {
        issues: [{ field: 'content', message: 'content is required' }],
      });
    return c.json(await addDocument(kb, { ...body, sourceType: 'text', sourceUrl: body.url }));
  });

  app.post('/:id/documents/file', async (c) => {
    const kb = await baseOf(c);
    const length = Number(c.req.header('Content-Length') ?? 0);
    if (length > uploadLimits.maxBytes + 64 * 1024)
      throw new HttpError(400, 'file: The file is larger than the 10 MB limit');
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new HttpError(400, 'file: The request body is not a valid multipart form', {
        issues: [{ field: 'file', message: 'The request body is not a valid multipart form' }],
      });
    }
    const file = form.file;
    if (!(file instanceof File)) throw new HttpError(400, 'file: A file is required');
    if (file.size === 0) throw new HttpError(400, 'file: The file is empty');
    const technique = check(
      indexingTechniqueSchema.optional(),
      form.indexingTechnique || undefined,
      'indexingTechnique',
    );
    let chunk: unknown = undefined;
    if (typeof form.chunkSettings === 'string' && form.chunkSettings) {
      try {
        chunk = JSON.parse(form.chunkSettings);
      } catch {
        throw new HttpError(400, 'chunkSettings: Malformed JSON');
      }
    }
    const chunkSettings = check(chunkSettingsSchema.optional(), chunk, 'chunkSettings');
    let text: string;
    try {
      // Parsed in a worker thread (bounded pool): a large or hostile file never blocks the server.
      ({ text } = await extractInWorker(new Uint8Array(await file.arrayBuffer()), file.name));
    } catch (error) {
      if (error instanceof ParseError) throw new HttpError(400, `file: ${error.message}`);
      if (error instanceof BusyError) throw new HttpError(503, error.message);
      throw error;
    }
    const name = (typeof form.name === 'string' && form.name.trim()) || file.name;
    return c.json(
      await addDocument(kb, {
        name,
        content: text,
        sourceType: 'file',
        mimeType: file.type,
        indexingTechnique: technique,
        chunkSettings,
      }),
    );
  });

  /** Imports a public web page (SSRF-guarded; PARLEY_CRAWL_ALLOW_HOSTS lists extra hosts, e.g. an intranet). */
  app.post('/:id/documents/url', async (c) => {
    const kb = await baseOf(c);
    const body = await readJson(c, createUrlDocumentRequestSchema);
    const allowed = (services.env.PARLEY_CRAWL_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    let page: { url: string; title: string; text: string };
    try {
      page = await crawl(body.url, { allowHost: (h) => allowed.includes(h) });
    } catch (error) {
      if (error instanceof CrawlError)
        throw new HttpError(422, error.message, { code: 'crawl_failed' });
      throw error;
    }
    if (!page.text.trim())
      throw new HttpError(422, 'The page has no readable text', { code: 'crawl_failed' });
    return c.json(
      await addDocument(kb, {
        name: body.name?.trim() || page.title,
        content: page.text,
        sourceType: 'url',
        sourceUrl: page.url,
        indexingTechnique: body.indexingTechnique,
        chunkSettings: body.chunkSettings,
      }),
    );
  });

  app.patch('/:id/documents/:docId/enable', async (c) => {
    const { doc } = await documentOf(c);
    const [updated] = await db
      .update(documents)
      .set({ enabled: true, updatedAt: new Date() })
      .where(eq(documents.id, doc.id))
      .returning(documentColumns);
    return c.json(wireDoc(updated!));
  });
  app.patch('/:id/documents/:docId/disable', async (c) => {
    const { doc } = await documentOf(c);
    const [updated] = await db
      .update(documents)
      .set({ enabled: false, updatedAt: new Date() })
      .where(eq(documents.id, doc.id))
      .returning(documentColumns);
    return c.json(wireDoc(updated!));
  });
  app.delete('/:id/documents/:docId', async (c) => {
    const { doc } = await documentOf(c);
    await db.delete(documents).where(eq(documents.id, doc.id));
    return c.json({ success: true, message: 'Document deleted' });
  });

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

  app.post('/:id/documents/:docId/reindex', async (c) => {
    const { doc } = await documentOf(c);
    const body = await readJson(c, reindexRequestSchema);
    if (body.chunkSettings)
      await db
        .update(documents)
        .set({ chunkSettings: body.chunkSettings })
        .where(eq(documents.id, doc.id));
    await enqueueIngestion(db, doc.id);
    worker.kick();
    return c.json({
      message: 'Document reindexing started! It may take a few moments to complete.',
      ...(await warningFor(doc.organizationId, doc.indexingTechnique)),
    });
  });

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
    return c.json({
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

  return app;
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

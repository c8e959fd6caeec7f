import type { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import {
  chunkSettingsSchema,
  createTextDocumentRequestSchema,
  createUrlDocumentRequestSchema,
  indexingTechniqueSchema,
  reindexRequestSchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, HttpError, readJson } from '../lib/http';
import { documents, type knowledgeBases } from '../db/schema';
import { enqueueIngestion, type IngestionWorker } from './ingest';
import { ParseError, uploadLimits } from './parse';
import { BusyError, extractInWorker } from './pool';
import { crawl, CrawlError } from './fetchUrl';
import { documentColumns, type KnowledgeScope } from './scope';
import { wireDoc } from './wire';

/** A base's documents: list, add (text, file, web page), enable, disable, delete, reindex. */
export function documentRoutes(
  app: Hono<AppEnv>,
  services: Services,
  worker: IngestionWorker,
  { baseOf, documentOf, warningFor }: KnowledgeScope,
) {
  const { db } = services;

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
}

import { delay, http, HttpResponse } from 'msw';
import {
  chunkSettingsDefaults,
  createKnowledgeApiKeyRequestSchema,
  createKnowledgeBaseRequestSchema,
  createTextDocumentRequestSchema,
  createUrlDocumentRequestSchema,
  documentListSchema,
  documentSchema,
  knowledgeApiKeyListSchema,
  knowledgeBaseListSchema,
  segmentListSchema,
  knowledgeApiKeySchema,
  knowledgeBaseSchema,
  reindexRequestSchema,
  reindexResponseSchema,
  resultSchema,
  segmentPatchRequestSchema,
  segmentSchema,
  testRetrievalRequestSchema,
  testRetrievalResponseSchema,
  type ChunkSettings,
} from '@parley/api-client';

/** What a schema accepts on the wire (its input type), so fixtures are typed by the contract. */
type In<S extends { _zod: { input: unknown } }> = S['_zod']['input'];

export type KnowledgeBaseFixture = In<typeof knowledgeBaseSchema> & {
  permission?: string;
  chunkSettings?: ChunkSettings;
};
export type DocumentFixture = In<typeof documentSchema> & {
  content?: string;
  chunkSettings?: ChunkSettings;
};
export type SegmentFixture = In<typeof segmentSchema>;
export type ApiKeyFixture = In<typeof knowledgeApiKeySchema>;

// ---- fixtures ----

const longText =
  'Parley agents answer from the documents you add here. Each document is cleaned, split along ' +
  'its headings into sections between the minimum and maximum section size, and each section ' +
  'into chunks of the configured size with the configured overlap. High quality bases also ' +
  'store an embedding per chunk, so a question finds its answer even when the words differ.';

export const fixtureBases: KnowledgeBaseFixture[] = [
  {
    id: 'kb_docs',
    name: 'Product documentation',
    description: 'Manuals and how-to guides for the Parley console',
    documentCount: 4,
    createdAt: '2025-01-02T10:00:00.000Z',
    indexingTechnique: 'high_quality',
    permission: 'only_me',
    chunkSettings: { ...chunkSettingsDefaults, chunkSize: 512 },
  },
  {
    id: 'kb_faq',
    name: 'Clinic FAQ',
    description: 'Opening hours, parking and insurance questions',
    documentCount: 1,
    createdAt: '2025-01-03T10:00:00.000Z',
    indexingTechnique: 'economy',
    permission: 'all_team_members',
  },
  {
    id: 'kb_policies',
    name: 'Billing policies',
    description: null,
    documentCount: 0,
    createdAt: '2025-01-04T10:00:00.000Z',
    indexingTechnique: 'high_quality',
  },
];

export const fixtureDocuments: Record<string, DocumentFixture[]> = {
  kb_docs: [
    {
      id: 'doc_start',
      name: 'Getting started.md',
      wordCount: 1204,
      createdAt: '2025-01-02T11:00:00.000Z',
      enabled: true,
      status: 'completed',
    },
    {
      id: 'doc_pricing',
      name: 'Pricing page',
      wordCount: 0,
      createdAt: '2025-01-05T09:30:00.000Z',
      enabled: true,
      status: 'indexing',
      content: 'Plans start at 29 dollars a month. The team plan includes five seats.',
    },
    {
      id: 'doc_scan',
      name: 'Scanned contract.pdf',
      wordCount: 0,
      createdAt: '2025-01-05T10:00:00.000Z',
      enabled: true,
      status: 'error',
      error: 'The PDF has no extractable text',
    },
    {
      id: 'doc_old',
      name: 'Old FAQ.txt',
      wordCount: 310,
      createdAt: '2025-01-01T08:00:00.000Z',
      enabled: false,
      status: 'completed',
    },
  ],
  kb_faq: [
    {
      id: 'doc_hours',
      name: 'Opening hours',
      wordCount: 42,
      createdAt: '2025-01-03T11:00:00.000Z',
      enabled: true,
      status: 'completed',
    },
  ],
};

export const fixtureSegments: Record<string, SegmentFixture[]> = {
  doc_start: [
    {
      id: 'seg_1',
      content: '# Getting started\nCreate an agent, attach a knowledge base and publish it.',
      enabled: true,
      wordCount: 76,
      hitCount: 12,
    },
    { id: 'seg_2', content: longText, enabled: true, wordCount: longText.length, hitCount: 3 },
    {
      id: 'seg_3',
      content: 'Legacy widgets are no longer supported.',
      enabled: false,
      wordCount: 39,
      hitCount: 0,
    },
  ],
  doc_old: [
    {
      id: 'seg_old',
      content: 'Parking is free for patients.',
      enabled: true,
      wordCount: 29,
      hitCount: 1,
    },
  ],
  doc_hours: [
    {
      id: 'seg_hours',
      content: 'We are open Monday to Friday 8–18, Saturday 9–14 and closed on Sunday.',
      enabled: true,
      wordCount: 71,
      hitCount: 5,
    },
  ],
};

export const fixtureApiKeys: Record<string, ApiKeyFixture[]> = {
  kb_docs: [
    {
      id: 'key_1',
      token: 'dataset-3kQ9zT1vYwP0aLmN7bXc',
      createdAt: '2025-01-06T10:00:00.000Z',
      lastUsedAt: '2025-01-07T15:30:00.000Z',
    },
    {
      id: 'key_2',
      token: 'dataset-Hh2Jj4Kk6Ll8Mm0Nn1Pq',
      createdAt: '2025-01-08T10:00:00.000Z',
      lastUsedAt: null,
    },
  ],
};

// ---- the in-memory backend ----

type Latency = number | 'infinite';

export interface KnowledgeBackendOptions {
  bases?: KnowledgeBaseFixture[];
  documents?: Record<string, DocumentFixture[]>;
  segments?: Record<string, SegmentFixture[]>;
  apiKeys?: Record<string, ApiKeyFixture[]>;
  /** Latency of reads (default 50 ms); 'infinite' keeps them loading. */
  latencyMs?: Latency;
  /** Latency of writes (default 50 ms). */
  writeLatencyMs?: Latency;
  /** GET /api/knowledge-bases fails with this status (401 → session expired). */
  listStatus?: number;
  /** GET /api/knowledge-bases never gets an answer (network error). */
  listNetworkError?: boolean;
  createStatus?: number;
  /** A `warning` carried by successful create and add answers (e.g. full-text only). */
  warning?: string;
  documentsStatus?: number;
  uploadStatus?: number;
  /** POST …/documents/url fails with this status and error; configurationRequired marks the alert. */
  crawlError?: { status: number; error: string; configurationRequired?: boolean };
  reindexStatus?: number;
  reindexWarning?: string;
  retrievalStatus?: number;
  apiKeysStatus?: number;
  /** Document list reads before an indexing document completes (default 2; 'never' keeps it indexing). */
  indexingPolls?: number | 'never';
  /** Observes every write (name of the call and its parsed body). */
  onRequest?: (name: string, body: unknown) => void;
}

const failure = (status: number, error: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ success: false, error, ...extra }, { status });

const wait = (latency: Latency | undefined) => delay(latency ?? 50);

let sequence = 0;
const nextId = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** Splits text into segments of at most `size` characters (stories only; the server chunks properly). */
function chunk(text: string, size: number): SegmentFixture[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts.map((content) => ({
    id: nextId('seg'),
    content,
    enabled: true,
    wordCount: content.length,
    hitCount: 0,
  }));
}

/**
 * MSW handlers for every knowledge-base call of §7, over an in-memory store per story. Bodies are
 * validated with the contract's request schemas (a 400 names the problem) and answers are typed
 * by its response schemas. Indexing documents complete after a few list reads, so the console's
 * 2-second polling can be watched.
 */
export function knowledgeBackend(options: KnowledgeBackendOptions = {}) {
  const clone = <T>(value: T): T => structuredClone(value);
  let bases = clone(options.bases ?? fixtureBases);
  const documents = clone(options.documents ?? fixtureDocuments);
  const segments = clone(options.segments ?? fixtureSegments);
  const apiKeys = clone(options.apiKeys ?? fixtureApiKeys);
  const pollsLeft = new Map<string, number>();
  const read = () => wait(options.latencyMs);
  const write = () => wait(options.writeLatencyMs);
  const warning = options.warning ? { warning: options.warning } : {};

  const baseOf = (id: string) => bases.find((b) => b.id === id);
  const docsOf = (id: string) => (documents[id] ??= []);
  const countDocs = (id: string) => docsOf(id).length;
  const body = async (request: Request, name: string): Promise<unknown> => {
    const text = await request.text();
    const parsed: unknown = text ? JSON.parse(text) : {};
    options.onRequest?.(name, parsed);
    return parsed;
  };

  /** Moves indexing documents on: after N reads they complete with segments from their text. */
  const advance = (id: string) => {
    if (options.indexingPolls === 'never') return;
    for (const doc of docsOf(id)) {
      if (doc.status !== 'indexing') continue;
      const left = pollsLeft.get(doc.id) ?? options.indexingPolls ?? 2;
      if (left > 0) {
        pollsLeft.set(doc.id, left - 1);
        continue;
      }
      pollsLeft.delete(doc.id);
      const size = doc.chunkSettings?.chunkSize ?? 1024;
      const made = chunk(doc.content ?? doc.name, Math.max(100, size));
      segments[doc.id] = made;
      doc.status = 'completed';
      doc.wordCount = (doc.content ?? doc.name).length;
    }
  };

  const addDocument = (
    kbId: string,
    input: { name: string; content: string; chunkSettings?: ChunkSettings },
  ) => {
    const doc: DocumentFixture = {
      id: nextId('doc'),
      name: input.name,
      wordCount: 0,
      createdAt: new Date().toISOString(),
      enabled: true,
      status: 'indexing',
      content: input.content,
      chunkSettings: input.chunkSettings,
    };
    docsOf(kbId).unshift(doc);
    const base = baseOf(kbId);
    if (base) base.documentCount = countDocs(kbId);
    return HttpResponse.json<In<typeof documentSchema>>({ ...wire(doc), ...warning });
  };

  const wire = ({ content: _content, ...doc }: DocumentFixture) => doc;

  const list = async () => {
    await read();
    if (options.listNetworkError) return HttpResponse.error();
    if (options.listStatus === 401) return failure(401, 'Unauthorized');
    if (options.listStatus) return failure(options.listStatus, 'Database unavailable');
    return HttpResponse.json<Array<In<typeof knowledgeBaseSchema>>>(bases);
  };

  const create = async ({ request }: { request: Request }) => {
    const parsed = createKnowledgeBaseRequestSchema.safeParse(await body(request, 'create'));
    await write();
    if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
    if (options.createStatus === 401) return failure(401, 'Unauthorized');
    if (options.createStatus) {
      return failure(options.createStatus, 'A knowledge base with this name already exists');
    }
    const base: KnowledgeBaseFixture = {
      id: nextId('kb'),
      name: parsed.data.name,
      description: parsed.data.description,
      documentCount: 0,
      createdAt: new Date().toISOString(),
      indexingTechnique: parsed.data.indexingTechnique,
      permission: parsed.data.permission,
      chunkSettings: parsed.data.chunkSettings,
    };
    bases = [base, ...bases];
    return HttpResponse.json<In<typeof knowledgeBaseSchema>>({
      ...base,
      ...(base.indexingTechnique === 'high_quality' ? warning : {}),
    });
  };

  const root = '*/api/knowledge-bases';
  return [
    http.get(root, list),
    http.get(`${root}/`, list),
    http.post(root, create),
    http.post(`${root}/`, create),
    http.delete(`${root}/:id`, async ({ params }) => {
      await write();
      const id = String(params.id);
      if (!baseOf(id)) return failure(404, 'Knowledge base not found');
      bases = bases.filter((b) => b.id !== id);
      delete documents[id];
      return HttpResponse.json<In<typeof resultSchema>>({
        success: true,
        message: 'Knowledge base deleted',
      });
    }),

    http.get(`${root}/:id/documents`, async ({ params }) => {
      await read();
      const id = String(params.id);
      if (options.documentsStatus) return failure(options.documentsStatus, 'Database unavailable');
      if (!baseOf(id)) return failure(404, 'Knowledge base not found');
      advance(id);
      return HttpResponse.json<Array<In<typeof documentSchema>>>(docsOf(id).map(wire));
    }),
    http.post(`${root}/:id/documents`, async ({ params, request }) => {
      const parsed = createTextDocumentRequestSchema.safeParse(await body(request, 'add-text'));
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      if (options.uploadStatus) return failure(options.uploadStatus, 'Storage unavailable');
      return addDocument(String(params.id), parsed.data);
    }),
    http.post(`${root}/:id/documents/file`, async ({ params, request }) => {
      const form = await request.formData();
      const file = form.get('file');
      const name = String(form.get('name') ?? '');
      options.onRequest?.('add-file', {
        fileName: file instanceof File ? file.name : null,
        name,
        indexingTechnique: form.get('indexingTechnique'),
        chunkSettings: JSON.parse(String(form.get('chunkSettings') ?? '{}')),
      });
      await write();
      if (!(file instanceof File)) return failure(400, 'file: A file is required');
      if (options.uploadStatus) {
        return failure(options.uploadStatus, 'file: The file is larger than the 10 MB limit');
      }
      const text = file.name.endsWith('.txt') ? await file.text() : `Contents of ${file.name}`;
      return addDocument(String(params.id), { name: name || file.name, content: text });
    }),
    http.post(`${root}/:id/documents/url`, async ({ params, request }) => {
      const parsed = createUrlDocumentRequestSchema.safeParse(await body(request, 'add-url'));
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      if (options.crawlError) {
        const { status, error, configurationRequired } = options.crawlError;
        return failure(status, error, configurationRequired ? { configurationRequired } : {});
      }
      const url = new URL(parsed.data.url);
      return addDocument(String(params.id), {
        name: parsed.data.name?.trim() || `${url.hostname}${url.pathname}`,
        content: `Main text of ${parsed.data.url}`,
        chunkSettings: parsed.data.chunkSettings,
      });
    }),
    ...(['enable', 'disable'] as const).map((action) =>
      http.patch(`${root}/:id/documents/:docId/${action}`, async ({ params }) => {
        await write();
        const doc = docsOf(String(params.id)).find((d) => d.id === params.docId);
        if (!doc) return failure(404, 'Document not found');
        doc.enabled = action === 'enable';
        options.onRequest?.(action, { docId: doc.id });
        return HttpResponse.json<In<typeof documentSchema>>(wire(doc));
      }),
    ),
    http.delete(`${root}/:id/documents/:docId`, async ({ params }) => {
      await write();
      const id = String(params.id);
      documents[id] = docsOf(id).filter((d) => d.id !== params.docId);
      const base = baseOf(id);
      if (base) base.documentCount = countDocs(id);
      return HttpResponse.json<In<typeof resultSchema>>({
        success: true,
        message: 'Document deleted',
      });
    }),
    http.get(`${root}/:id/documents/:docId/segments`, async ({ params }) => {
      await read();
      return HttpResponse.json<Array<In<typeof segmentSchema>>>(
        segments[String(params.docId)] ?? [],
      );
    }),
    http.patch(`${root}/:id/documents/:docId/segments/:segId`, async ({ params, request }) => {
      const parsed = segmentPatchRequestSchema.safeParse(await body(request, 'segment'));
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      const segment = (segments[String(params.docId)] ?? []).find((s) => s.id === params.segId);
      if (!segment) return failure(404, 'Segment not found');
      segment.enabled = parsed.data.enabled;
      return HttpResponse.json<In<typeof segmentSchema>>(segment);
    }),
    http.post(`${root}/:id/documents/:docId/reindex`, async ({ params, request }) => {
      const parsed = reindexRequestSchema.safeParse(await body(request, 'reindex'));
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      if (options.reindexStatus) return failure(options.reindexStatus, 'Ingestion queue is down');
      const doc = docsOf(String(params.id)).find((d) => d.id === params.docId);
      if (!doc) return failure(404, 'Document not found');
      doc.status = 'indexing';
      if (parsed.data.chunkSettings) doc.chunkSettings = parsed.data.chunkSettings;
      doc.content ??= (segments[doc.id] ?? []).map((s) => s.content).join('\n') || doc.name;
      return HttpResponse.json<In<typeof reindexResponseSchema>>({
        message: 'Document reindexing started! It may take a few moments to complete.',
        ...(options.reindexWarning ? { warning: options.reindexWarning } : {}),
      });
    }),
    http.post(`${root}/:id/test-retrieval`, async ({ params, request }) => {
      const parsed = testRetrievalRequestSchema.safeParse(await body(request, 'retrieval'));
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      if (options.retrievalStatus) return failure(options.retrievalStatus, 'Search unavailable');
      const words = parsed.data.query.toLowerCase().split(/\W+/).filter(Boolean);
      const found = docsOf(String(params.id))
        .filter((d) => d.enabled)
        .flatMap((doc) =>
          (segments[doc.id] ?? [])
            .filter((s) => s.enabled)
            .map((segment) => {
              const text = segment.content.toLowerCase();
              const hits = words.filter((w) => text.includes(w)).length;
              return { segment, doc, score: words.length ? hits / words.length : 0 };
            }),
        )
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, 4);
      for (const r of found) r.segment.hitCount += 1;
      return HttpResponse.json<In<typeof testRetrievalResponseSchema>>({
        records: found.map(({ segment, doc, score }) => ({
          segment: {
            id: segment.id,
            content: segment.content,
            document: { id: doc.id, name: doc.name },
          },
          score,
        })),
      });
    }),
    http.get(`${root}/:id/api-keys`, async ({ params }) => {
      await read();
      if (options.apiKeysStatus) return failure(options.apiKeysStatus, 'Database unavailable');
      return HttpResponse.json<Array<In<typeof knowledgeApiKeySchema>>>(
        apiKeys[String(params.id)] ?? [],
      );
    }),
    http.post(`${root}/:id/api-keys`, async ({ params, request }) => {
      const parsed = createKnowledgeApiKeyRequestSchema.safeParse(await body(request, 'api-key'));
      await write();
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      const key: ApiKeyFixture = {
        id: nextId('key'),
        token: `dataset-${Math.random().toString(36).slice(2, 14)}NEWK`,
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
      };
      (apiKeys[String(params.id)] ??= []).unshift(key);
      return HttpResponse.json<In<typeof knowledgeApiKeySchema>>(key);
    }),
  ];
}

// ---- parsed fixtures for view stories (what the client hands the views) ----

export const storyBases = knowledgeBaseListSchema.parse(fixtureBases);
export const storyDocuments = (kbId: string) =>
  documentListSchema.parse(fixtureDocuments[kbId] ?? []);
export const storySegments = (docId: string) =>
  segmentListSchema.parse(fixtureSegments[docId] ?? []);
export const storyApiKeys = (kbId: string) =>
  knowledgeApiKeyListSchema.parse(fixtureApiKeys[kbId] ?? []);

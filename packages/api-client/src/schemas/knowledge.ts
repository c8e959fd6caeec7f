import { z } from 'zod';

export const chunkSettingsDefaults = {
  mode: 'structure',
  chunkSize: 1024,
  chunkOverlap: 50,
  minSectionSize: 100,
  maxSectionSize: 4000,
  headingPriority: 50,
  replaceExtraSpaces: true,
  removeUrlsEmails: false,
} as const;

/** Chunk settings with the spec's limits (§5): size 100–4096, overlap 0–100 %, sections, priority. */
export const chunkSettingsSchema = z
  .object({
    mode: z.literal('structure').default('structure'),
    chunkSize: z.number().int().min(100).max(4096).default(1024),
    chunkOverlap: z.number().min(0).max(100).default(50),
    minSectionSize: z.number().int().min(50).max(2000).default(100),
    maxSectionSize: z.number().int().min(500).max(8000).default(4000),
    headingPriority: z.number().int().min(0).max(100).default(50),
    replaceExtraSpaces: z.boolean().default(true),
    removeUrlsEmails: z.boolean().default(false),
  })
  .refine((v) => v.minSectionSize <= v.maxSectionSize, {
    path: ['minSectionSize'],
    message: 'Min section size must not be larger than Max section size',
  });
export type ChunkSettings = z.infer<typeof chunkSettingsSchema>;

export const indexingTechniqueSchema = z.enum(['high_quality', 'economy']);
export type IndexingTechnique = z.infer<typeof indexingTechniqueSchema>;
export const permissionSchema = z.enum(['only_me', 'all_team_members', 'partial_members']);

export const knowledgeBaseSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  documentCount: z.number().default(0),
  createdAt: z.string(),
  indexingTechnique: z.string(),
  /** The status icon (spec §4): ready, processing (a document indexes) or error. */
  status: z.enum(['ready', 'processing', 'error']).optional(),
  permission: z.string().optional(),
  /** partial_members: the members it is shared with (user ids), besides its creator. */
  partialMembers: z.array(z.string()).optional(),
  /**
   * Whether vector search serves it: a high_quality base on a server (or for an organization)
   * without an embedding provider is searched with full text only (false).
   */
  vectorSearch: z.boolean().optional(),
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;
export const knowledgeBaseStatuses = ['ready', 'processing', 'error'] as const;
export type KnowledgeBaseStatus = (typeof knowledgeBaseStatuses)[number];
/**
 * Any indexing technique other than high_quality is shown as economy; a high_quality base that
 * the server searches with full text only (`vectorSearch: false`) is not called VECTOR.
 */
export const indexingLabel = (technique: string, vectorSearch?: boolean) =>
  technique !== 'high_quality'
    ? 'ECONOMY'
    : vectorSearch === false
      ? 'HQ • FULL-TEXT'
      : 'HQ • VECTOR';

export const createKnowledgeBaseRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().max(2000).default(''),
  indexingTechnique: indexingTechniqueSchema.default('high_quality'),
  permission: permissionSchema.default('only_me'),
  /** With partial_members: the members (user ids) who see and use it besides its creator. */
  partialMembers: z
    .array(z.string().min(1, 'must not be empty'))
    .max(500, 'at most 500 members')
    .default([]),
  chunkSettings: chunkSettingsSchema.default(chunkSettingsSchema.parse({})),
});
export type CreateKnowledgeBaseRequest = z.input<typeof createKnowledgeBaseRequestSchema>;
export const knowledgeBaseListSchema = z.union([
  z.array(knowledgeBaseSchema),
  z.object({ data: z.array(knowledgeBaseSchema) }).transform((v) => v.data),
]);

export const documentStatusSchema = z.string();
export const documentSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  wordCount: z.number().default(0),
  createdAt: z.string(),
  enabled: z.boolean(),
  status: documentStatusSchema,
  error: z.string().nullable().optional(),
});
export type KnowledgeDocument = z.infer<typeof documentSchema>;
/** completed → green, indexing → yellow, anything else → error (red). */
export function documentStatusTone(status: string): 'success' | 'warning' | 'danger' {
  if (status === 'completed') return 'success';
  if (status === 'indexing') return 'warning';
  return 'danger';
}
export const documentListSchema = z.union([
  z.array(documentSchema),
  z.object({ data: z.array(documentSchema) }).transform((v) => v.data),
]);

export const createTextDocumentRequestSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(300),
  content: z.string().min(1, 'content is required'),
  url: z.string().optional(),
  indexingTechnique: indexingTechniqueSchema.default('high_quality'),
  chunkSettings: chunkSettingsSchema.default(chunkSettingsSchema.parse({})),
});
export const createUrlDocumentRequestSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'url must be a valid http(s) URL' }),
  name: z.string().max(300).optional(),
  indexingTechnique: indexingTechniqueSchema.default('high_quality'),
  chunkSettings: chunkSettingsSchema.default(chunkSettingsSchema.parse({})),
});
export const acceptedDocumentTypes = ['.pdf', '.doc', '.docx', '.txt'] as const;

export const segmentSchema = z.looseObject({
  id: z.string(),
  content: z.string(),
  enabled: z.boolean(),
  wordCount: z.number(),
  hitCount: z.number(),
});
export const segmentListSchema = z.union([
  z.array(segmentSchema),
  z.object({ data: z.array(segmentSchema) }).transform((v) => v.data),
]);
export const segmentPatchRequestSchema = z.object({ enabled: z.boolean() });
export const segmentPreviewLength = 200;

export const testRetrievalRequestSchema = z.object({
  query: z.string().trim().min(1, 'query is required'),
});
/**
 * Why the retrieval test found a record: the query's words found in it (as the index holds them:
 * lower-cased, stemmed), the parts of its score (null where that search did not find it), and
 * which ordering rules applied (held as written, as a phrase, identifiers as written).
 */
export const retrievalWhySchema = z.object({
  matched_terms: z.array(z.string()),
  /** BM25 over the passage's text (full-text search). */
  full_text: z.number().nullable(),
  /** Added for query words in the heading path. */
  heading: z.number().nullable(),
  /** Cosine similarity to the query (vector search, high_quality bases). */
  vector: z.number().nullable(),
  /** Reciprocal-rank fusion of the two lists (the record's score when both ran). */
  fusion: z.number().nullable(),
  as_written: z.boolean(),
  phrase: z.boolean(),
  identifiers: z.number().int(),
});
export type RetrievalWhy = z.infer<typeof retrievalWhySchema>;
export const retrievalRecordSchema = z.looseObject({
  segment: z.looseObject({
    id: z.string(),
    content: z.string(),
    document: z.looseObject({ id: z.string(), name: z.string() }).optional(),
    /** The headings above the passage ('Document › Section › Subsection'; '' when none). */
    heading_path: z.string().optional(),
  }),
  score: z.number(),
  why: retrievalWhySchema.optional(),
});
export const testRetrievalResponseSchema = z.object({ records: z.array(retrievalRecordSchema) });

export const reindexRequestSchema = z.object({ chunkSettings: chunkSettingsSchema.optional() });
export const reindexResponseSchema = z.object({
  message: z.string(),
  warning: z.string().optional(),
});

export const knowledgeApiKeySchema = z.object({
  id: z.string(),
  /** 'API Key for {knowledge base name}' (spec §9). */
  name: z.string().nullable().optional(),
  token: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const knowledgeApiKeyListSchema = z.union([
  z.array(knowledgeApiKeySchema),
  z.object({ data: z.array(knowledgeApiKeySchema) }).transform((v) => v.data),
]);
export const createKnowledgeApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
});
export const knowledgeApiKeyName = (knowledgeBaseName: string) =>
  `API Key for ${knowledgeBaseName}`;

export const knowledgeMessages = {
  notLoggedIn: 'You are not logged in. Please login to access Knowledge Bases.',
  noToken: 'Authentication error. Please refresh the page and try again.',
  expired: 'Your session has expired. Please refresh the page and login again.',
  fetchFailed: (error: string) => `Failed to fetch knowledge bases: ${error}`,
  network: 'Failed to connect to the server. Please check your internet connection.',
  createFailed: (error: string) => `Failed to create knowledge base: ${error}`,
  crawlFailed: 'Failed to crawl URL:',
  configurationRequired: 'Configuration Required',
  reindexStarted: 'Document reindexing started! It may take a few moments to complete.',
  reindexFailed: (error: string) => `Failed to reindex: ${error}`,
  confirmDelete: 'This action cannot be undone',
} as const;

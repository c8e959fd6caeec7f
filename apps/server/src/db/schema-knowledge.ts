import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { member } from './schema';
import * as col from './columns';

// ---------- knowledge bases ----------

export const knowledgeBases = pgTable(
  'knowledge_bases',
  {
    ...col.id(),
    ...col.organizationId(),
    createdBy: text('created_by').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    indexingTechnique: text('indexing_technique').notNull().default('high_quality'),
    permission: text('permission').notNull().default('only_me'),
    chunkSettings: jsonb('chunk_settings').notNull(),
    ...col.timestamps(),
  },
  (t) => [col.organizationCreatedIndex('knowledge_bases_org_idx', t)],
);

/**
 * The members a `partial_members` base is shared with, besides its creator (drizzle/0014). Keyed by
 * membership: removing someone from the organization removes them here too.
 */
export const knowledgeBaseMembers = pgTable(
  'knowledge_base_members',
  {
    ...knowledgeBaseId(),
    memberId: text('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    ...col.createdAt(),
  },
  (t) => [
    primaryKey({ name: 'knowledge_base_members_pk', columns: [t.knowledgeBaseId, t.memberId] }),
    index('knowledge_base_members_member_idx').on(t.memberId),
  ],
);

export const documents = pgTable(
  'documents',
  {
    ...col.id(),
    ...knowledgeBaseId(),
    organizationId: text('organization_id').notNull(),
    name: text('name').notNull(),
    sourceType: text('source_type').notNull(),
    sourceUrl: text('source_url'),
    /** Text as submitted, or the extracted text of a file (kept so reindexing needs no re-upload). */
    content: text('content'),
    mimeType: text('mime_type'),
    status: text('status').notNull().default('indexing'),
    error: text('error'),
    enabled: boolean('enabled').notNull().default(true),
    wordCount: integer('word_count').notNull().default(0),
    indexingTechnique: text('indexing_technique').notNull(),
    chunkSettings: jsonb('chunk_settings').notNull(),
    ...col.timestamps(),
  },
  (t) => [index('documents_kb_idx').on(t.knowledgeBaseId, t.createdAt)],
);

/**
 * Passages. Stored with fillfactor 80 (migration 0011, not expressible here): hit-count updates
 * stay HOT, so they never grow the GIN index's pending list that full-text queries scan.
 */
export const segments = pgTable(
  'segments',
  {
    ...col.id(),
    ...documentId(),
    knowledgeBaseId: uuid('knowledge_base_id').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    wordCount: integer('word_count').notNull(),
    hitCount: integer('hit_count').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** The headings above the passage, 'Document › Section › Subsection' (issue 31). */
    headingPath: text('heading_path').notNull().default(''),
    /**
     * Parsed once at write time, so ranking never re-parses the text; the heading path's words
     * first, with weight A (migration 0018).
     */
    tsv: col
      .tsvector('tsv')
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', heading_path), 'A') || to_tsvector('english', content)`,
      ),
    ...col.createdAt(),
  },
  (t) => [
    index('segments_document_idx').on(t.documentId, t.position),
    index('segments_kb_idx').on(t.knowledgeBaseId),
    index('segments_tsv_idx').using('gin', t.tsv),
  ],
);

/** Durable ingestion: one row per pending (re)index, claimed with FOR UPDATE SKIP LOCKED. */
export const ingestionJobs = pgTable(
  'ingestion_jobs',
  {
    ...col.id(),
    ...documentId(),
    status: text('status').notNull().default('pending'),
    ...col.jobLease(),
    lastError: text('last_error'),
    ...col.createdAt(),
  },
  (t) => [index('ingestion_jobs_status_idx').on(t.status, t.createdAt)],
);

export const knowledgeApiKeys = pgTable('knowledge_api_keys', {
  ...col.id(),
  ...knowledgeBaseId(),
  organizationId: text('organization_id').notNull(),
  name: text('name').notNull(),
  /** sha256 of the token, for lookup; the token itself is stored encrypted for the Copy button. */
  tokenHash: text('token_hash').notNull().unique(),
  tokenEncrypted: text('token_encrypted').notNull(),
  ...col.createdAt(),
  lastUsedAt: col.timestamptz('last_used_at'),
});

/** `knowledge_base_id uuid NOT NULL REFERENCES knowledge_bases ON DELETE CASCADE`. */
function knowledgeBaseId() {
  return {
    knowledgeBaseId: uuid('knowledge_base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
  };
}

/** `document_id uuid NOT NULL REFERENCES documents ON DELETE CASCADE`. */
function documentId() {
  return {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  };
}

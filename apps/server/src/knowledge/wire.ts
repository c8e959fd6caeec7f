import type { documents, knowledgeBases, segments } from '../db/schema';

/** A knowledge base in the knowledge service's wire form (spec §7). */
export const wireBase = (
  kb: typeof knowledgeBases.$inferSelect,
  documentCount: number,
  counts: { indexing: number; failed: number } = { indexing: 0, failed: 0 },
  partialMembers: string[] = [],
  /** Vector search serves the organization here (a high_quality base is otherwise full-text only). */
  vectorSearch = false,
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
  vectorSearch: kb.indexingTechnique === 'high_quality' && vectorSearch,
  createdBy: kb.createdBy,
  chunkSettings: kb.chunkSettings,
});

export const wireDoc = (d: Omit<typeof documents.$inferSelect, 'content'>) => ({
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

export const wireSegment = (s: typeof segments.$inferSelect) => ({
  id: s.id,
  position: s.position,
  content: s.content,
  enabled: s.enabled,
  wordCount: s.wordCount,
  characters: s.content.length,
  hitCount: s.hitCount,
});

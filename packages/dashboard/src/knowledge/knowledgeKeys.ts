/** Query-key factory for the knowledge area: one place, `as const`, invalidated by mutations. */
export const knowledgeKeys = {
  all: ['knowledge-bases'] as const,
  list: () => [...knowledgeKeys.all, 'list'] as const,
  base: (id: string) => [...knowledgeKeys.all, 'base', id] as const,
  documents: (id: string) => [...knowledgeKeys.base(id), 'documents'] as const,
  segments: (id: string, docId: string) =>
    [...knowledgeKeys.base(id), 'documents', docId, 'segments'] as const,
  apiKeys: (id: string) => [...knowledgeKeys.base(id), 'api-keys'] as const,
};

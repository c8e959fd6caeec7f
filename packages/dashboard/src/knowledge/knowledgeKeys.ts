/** Query-key factory for the knowledge area: one place, `as const`, invalidated by mutations. */
export const knowledgeKeys = {
  all: ['knowledge-bases'] as const,
  /** Every organization's list (what a change to a base invalidates). */
  lists: () => [...knowledgeKeys.all, 'list'] as const,
  /** The organization's bases: the Knowledge tab and the editor's picker read this one entry. */
  list: (orgId: string) => [...knowledgeKeys.lists(), orgId] as const,
  base: (id: string) => [...knowledgeKeys.all, 'base', id] as const,
  documents: (id: string) => [...knowledgeKeys.base(id), 'documents'] as const,
  segments: (id: string, docId: string) =>
    [...knowledgeKeys.base(id), 'documents', docId, 'segments'] as const,
  apiKeys: (id: string) => [...knowledgeKeys.base(id), 'api-keys'] as const,
  /** Who is asking and the organization's members, for the partial_members picker. */
  pickerMembers: (orgId: string) => ['knowledge-picker-members', orgId] as const,
};

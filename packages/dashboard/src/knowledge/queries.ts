import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChunkSettings,
  CreateKnowledgeBaseRequest,
  KnowledgeDocument,
} from '@parley/api-client';
import { useDashboardApi } from '../api/ApiContext';
import { documentsRefetchInterval, indexingPollMs } from './documentStatus';
import type { AddDocumentInput } from './uploadRules';

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

type Segment = {
  id: string;
  content: string;
  enabled: boolean;
  wordCount: number;
  hitCount: number;
};

/** GET /api/knowledge-bases?organization_id= (runs only while the session can make calls). */
export function useKnowledgeBases(orgId: string, enabled = true) {
  const api = useDashboardApi().knowledge;
  return useQuery({
    queryKey: knowledgeKeys.list(orgId),
    queryFn: ({ signal }) => api.list(orgId, signal),
    enabled,
    retry: false,
  });
}

export function useCreateKnowledgeBase(orgId: string) {
  const api = useDashboardApi().knowledge;
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateKnowledgeBaseRequest) => api.create(request, orgId),
    // Awaited: the caller selects the new base once the list holds it.
    onSuccess: () => qc.invalidateQueries({ queryKey: knowledgeKeys.list(orgId) }),
  });
}

export function useDeleteKnowledgeBase() {
  const api = useDashboardApi().knowledge;
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.remove(id),
    onSuccess: (_r, id) => qc.removeQueries({ queryKey: knowledgeKeys.base(id) }),
    // Not awaited: the caller clears the selection before the list comes back without the base.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: knowledgeKeys.lists() });
    },
  });
}

/** The base's documents; refreshes every 2 s while any of them is indexing. */
export function useDocuments(id: string) {
  const api = useDashboardApi().knowledge;
  return useQuery({
    queryKey: knowledgeKeys.documents(id),
    queryFn: ({ signal }) => api.documents(id, signal),
    refetchInterval: (query) => documentsRefetchInterval(query.state.data),
    retry: false,
  });
}

/** Adds a document by text, file (multipart, with upload progress) or URL. */
export function useAddDocument(id: string) {
  const api = useDashboardApi().knowledge;
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (input: AddDocumentInput): Promise<KnowledgeDocument> => {
      const { indexingTechnique, chunkSettings } = input;
      if (input.mode === 'text') {
        return api.addText(id, {
          name: input.name,
          content: input.content,
          indexingTechnique,
          chunkSettings,
        });
      }
      if (input.mode === 'url') {
        return api.addUrl(id, {
          url: input.url,
          name: input.name,
          indexingTechnique,
          chunkSettings,
        });
      }
      setProgress(0);
      return api.uploadFile(
        id,
        {
          file: input.file,
          fileName: input.file.name,
          name: input.name,
          indexingTechnique,
          chunkSettings,
        },
        { onProgress: setProgress },
      );
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: knowledgeKeys.documents(id) });
      void qc.invalidateQueries({ queryKey: knowledgeKeys.lists() });
    },
    onError: (error, input) => console.error(`Failed to add ${input.mode} document`, error),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/**
 * Enable/disable one item of a cached list (a document, a segment): shown at once, put back if
 * the call fails (failures are only logged), the list read again either way.
 */
function useToggleEnabled<T extends { id: string; enabled: boolean }>(
  key: readonly unknown[],
  toggle: (itemId: string, enabled: boolean) => Promise<unknown>,
  what: string,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, enabled }: { itemId: string; enabled: boolean }) =>
      toggle(itemId, enabled),
    onMutate: async ({ itemId, enabled }) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<T[]>(key);
      qc.setQueryData<T[]>(key, (items) =>
        items?.map((item) => (item.id === itemId ? { ...item, enabled } : item)),
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      console.error(`Failed to toggle ${what}`, error);
      if (context?.previous) qc.setQueryData(key, context.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** Enable/disable a document (see useToggleEnabled). */
export function useSetDocumentEnabled(id: string) {
  const api = useDashboardApi().knowledge;
  return useToggleEnabled<KnowledgeDocument>(
    knowledgeKeys.documents(id),
    (docId, enabled) => api.setDocumentEnabled(id, docId, enabled),
    'document',
  );
}

export function useDeleteDocument(id: string) {
  const api = useDashboardApi().knowledge;
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (docId: string) => api.removeDocument(id, docId),
    onError: (error) => console.error('Failed to delete document', error),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: knowledgeKeys.documents(id) });
      void qc.invalidateQueries({ queryKey: knowledgeKeys.lists() });
    },
  });
}

/** A document's segments; refreshes every 2 s while the document is still indexing. */
export function useSegments(id: string, docId: string | null, indexing: boolean) {
  const api = useDashboardApi().knowledge;
  return useQuery({
    queryKey: knowledgeKeys.segments(id, docId ?? ''),
    queryFn: () => api.segments(id, docId!),
    enabled: Boolean(docId),
    refetchInterval: indexing ? indexingPollMs : false,
    retry: false,
  });
}

/** Enable/disable a segment (see useToggleEnabled). */
export function useSetSegmentEnabled(id: string, docId: string) {
  const api = useDashboardApi().knowledge;
  return useToggleEnabled<Segment>(
    knowledgeKeys.segments(id, docId),
    (segId, enabled) => api.setSegmentEnabled(id, docId, segId, enabled),
    'segment',
  );
}

export function useReindexDocument(id: string) {
  const api = useDashboardApi().knowledge;
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ docId, chunkSettings }: { docId: string; chunkSettings: ChunkSettings }) =>
      api.reindex(id, docId, chunkSettings),
    onSuccess: (_answer, { docId }) => {
      void qc.invalidateQueries({ queryKey: knowledgeKeys.documents(id) });
      void qc.invalidateQueries({ queryKey: knowledgeKeys.segments(id, docId) });
    },
  });
}

export function useTestRetrieval(id: string) {
  const api = useDashboardApi().knowledge;
  return useMutation({ mutationFn: (query: string) => api.testRetrieval(id, query) });
}

export function useKnowledgeApiKeys(id: string) {
  const api = useDashboardApi().knowledge;
  return useQuery({
    queryKey: knowledgeKeys.apiKeys(id),
    queryFn: () => api.apiKeys(id),
    retry: false,
  });
}

export function useCreateKnowledgeApiKey(id: string) {
  const api = useDashboardApi().knowledge;
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.createApiKey(id, name),
    onSuccess: () => qc.invalidateQueries({ queryKey: knowledgeKeys.apiKeys(id) }),
  });
}

/**
 * The signed-in user and their organization's members, for the partial_members picker (the same
 * calls as Account → Members: /api/org/me for who is asking, /api/org/{org}/members), asked only while
 * `enabled` (once that permission is chosen).
 */
export function useTeamMembers(orgId: string, enabled: boolean) {
  const client = useDashboardApi().org;
  return useQuery({
    queryKey: knowledgeKeys.pickerMembers(orgId),
    queryFn: async () => {
      const me = await client.me();
      if (!me) return { userId: undefined, members: [] };
      return { userId: me.user.userId, members: (await client.members(orgId)).members };
    },
    enabled,
    retry: false,
  });
}

import { createHttp, type HttpOptions } from '../http';
import {
  documentListSchema,
  documentSchema,
  knowledgeApiKeyListSchema,
  knowledgeApiKeySchema,
  knowledgeBaseListSchema,
  knowledgeBaseSchema,
  reindexResponseSchema,
  segmentListSchema,
  segmentSchema,
  testRetrievalResponseSchema,
  type ChunkSettings,
  type CreateKnowledgeBaseRequest,
} from '../schemas/knowledge';
import { resultSchema } from '../schemas/common';

/**
 * Knowledge base calls (§7), default base '/api/knowledge-bases'. The list and create name their
 * organization (`?organization_id=`); a user of one organization may leave it out, a user of
 * several who names none gets 400 'organization_id: is required …' (the server's one rule, lib/tenancy organizationOf).
 * The other calls name a base, whose organization the server knows.
 */
export function createKnowledgeClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  const org = (orgId?: string) => (orgId ? { organization_id: orgId } : undefined);
  const kb = (id: string) => `/${encodeURIComponent(id)}`;
  const doc = (id: string, docId: string) => `${kb(id)}/documents/${encodeURIComponent(docId)}`;
  return {
    list: (orgId?: string, signal?: AbortSignal) =>
      http('GET', '/', { query: org(orgId), schema: knowledgeBaseListSchema, signal }),
    create: (body: CreateKnowledgeBaseRequest, orgId?: string) =>
      http('POST', '/', { query: org(orgId), json: body, schema: knowledgeBaseSchema }),
    remove: (id: string) => http('DELETE', kb(id), { schema: resultSchema }),
    documents: (id: string, signal?: AbortSignal) =>
      http('GET', `${kb(id)}/documents`, { schema: documentListSchema, signal }),
    addText: (
      id: string,
      body: {
        name: string;
        content: string;
        url?: string;
        indexingTechnique?: string;
        chunkSettings?: Partial<ChunkSettings>;
      },
    ) => http('POST', `${kb(id)}/documents`, { json: body, schema: documentSchema }),
    addFile: (
      id: string,
      file: Blob,
      fileName: string,
      name: string,
      indexingTechnique: string,
      chunkSettings: Partial<ChunkSettings>,
    ) => {
      const form = new FormData();
      form.set('file', file, fileName);
      form.set('name', name);
      form.set('indexingTechnique', indexingTechnique);
      form.set('chunkSettings', JSON.stringify(chunkSettings));
      return http('POST', `${kb(id)}/documents/file`, { body: form, schema: documentSchema });
    },
    addUrl: (
      id: string,
      body: {
        url: string;
        name?: string;
        indexingTechnique?: string;
        chunkSettings?: Partial<ChunkSettings>;
      },
    ) => http('POST', `${kb(id)}/documents/url`, { json: body, schema: documentSchema }),
    setDocumentEnabled: (id: string, docId: string, enabled: boolean) =>
      http('PATCH', `${doc(id, docId)}/${enabled ? 'enable' : 'disable'}`, {
        schema: documentSchema,
      }),
    removeDocument: (id: string, docId: string) =>
      http('DELETE', doc(id, docId), { schema: resultSchema }),
    segments: (id: string, docId: string) =>
      http('GET', `${doc(id, docId)}/segments`, { schema: segmentListSchema }),
    setSegmentEnabled: (id: string, docId: string, segId: string, enabled: boolean) =>
      http('PATCH', `${doc(id, docId)}/segments/${encodeURIComponent(segId)}`, {
        json: { enabled },
        schema: segmentSchema,
      }),
    testRetrieval: (id: string, query: string) =>
      http('POST', `${kb(id)}/test-retrieval`, {
        json: { query },
        schema: testRetrievalResponseSchema,
      }),
    reindex: (id: string, docId: string, chunkSettings?: Partial<ChunkSettings>) =>
      http('POST', `${doc(id, docId)}/reindex`, {
        json: { chunkSettings },
        schema: reindexResponseSchema,
      }),
    apiKeys: (id: string) =>
      http('GET', `${kb(id)}/api-keys`, { schema: knowledgeApiKeyListSchema }),
    createApiKey: (id: string, name: string) =>
      http('POST', `${kb(id)}/api-keys`, { json: { name }, schema: knowledgeApiKeySchema }),
  };
}
export type KnowledgeClient = ReturnType<typeof createKnowledgeClient>;

import { createHttp, type HttpOptions } from '../http';
import {
  agentDocumentSchema,
  agentDraftSchema,
  agentVersionDetailSchema,
  agentVersionsListSchema,
  discardDraftResponseSchema,
  importAgentResponseSchema,
  replaceDraftResponseSchema,
  restoreVersionResponseSchema,
  type AgentDocumentInput,
  type ImportAgentRequest,
} from '../schemas/versions';

/** Drafts, versions and agent documents (docs/versions.md), default base '/api/agents'. */
export function createAgentVersionsClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  const base = (agentName: string) => `/${encodeURIComponent(agentName)}`;
  return {
    /** The published versions (newest first), the live one and whether the draft differs. */
    list: (agentName: string, signal?: AbortSignal) =>
      http('GET', `${base(agentName)}/versions`, { schema: agentVersionsListSchema, signal }),
    get: (agentName: string, version: number, signal?: AbortSignal) =>
      http('GET', `${base(agentName)}/versions/${version}`, {
        schema: agentVersionDetailSchema,
        signal,
      }),
    /** Makes version `version` live again at once, as a new version (no test run). */
    restore: (agentName: string, version: number, note?: string) =>
      http('POST', `${base(agentName)}/versions/${version}/restore`, {
        json: note ? { note } : {},
        schema: restoreVersionResponseSchema,
      }),
    /** What the draft changes against the live version. */
    draft: (agentName: string, signal?: AbortSignal) =>
      http('GET', `${base(agentName)}/draft`, { schema: agentDraftSchema, signal }),
    discardDraft: (agentName: string) =>
      http('POST', `${base(agentName)}/draft/discard`, { schema: discardDraftResponseSchema }),
    replaceDraft: (agentName: string, document: AgentDocumentInput) =>
      http('PUT', `${base(agentName)}/draft`, {
        json: { document },
        schema: replaceDraftResponseSchema,
      }),
    /** The agent as a document: its draft, its live version or version N. */
    exportAgent: (agentName: string, version: 'draft' | 'live' | number = 'draft') =>
      http('GET', `${base(agentName)}/export?version=${encodeURIComponent(String(version))}`, {
        schema: agentDocumentSchema,
      }),
    importAgent: (body: ImportAgentRequest) =>
      http('POST', '/import', { json: body, schema: importAgentResponseSchema }),
  };
}
export type AgentVersionsClient = ReturnType<typeof createAgentVersionsClient>;

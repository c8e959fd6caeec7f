import { z } from 'zod';
import { ApiError, isAbortError } from '../errors';
import { createHttp, type HttpOptions } from '../http';
import {
  agentConfigSchema,
  agentDeleteResponseSchema,
  agentUpdateResponseSchema,
  readAgentsList,
  type AgentUpdateRequest,
  type AgentView,
} from '../schemas/agents';

/** 404/405, or a message naming 405 or 'Method Not Allowed', mean "no agents" (§8). */
export function isNoAgentsAnswer(error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return true;
  return error instanceof Error && /405|Method Not Allowed/i.test(error.message);
}

/** The agent service (agents-and-knowledge §7), mounted at `{baseUrl}` (default '/api'). */
export function createAgentServiceClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  const enc = encodeURIComponent;
  return {
    /** Create or update an agent (the publish payload). */
    update: (agentName: string, body: AgentUpdateRequest) =>
      http('POST', `/agents/update/${enc(agentName)}`, {
        json: body,
        schema: agentUpdateResponseSchema,
      }),
    info: (agentName: string, signal?: AbortSignal) =>
      http('GET', `/agents/info/${enc(agentName)}`, { schema: agentConfigSchema, signal }),
    /** The tolerant list read: 404/405/'Method Not Allowed' and aborts give an empty list. */
    byOrg: async (orgId: string, signal?: AbortSignal): Promise<AgentView[]> => {
      try {
        const body = await http('GET', `/agents/by-org/${enc(orgId)}`, {
          schema: z.unknown(),
          signal,
        });
        return readAgentsList(body);
      } catch (error) {
        if (isAbortError(error) || isNoAgentsAnswer(error)) return [];
        throw error;
      }
    },
    delete: (agentName: string) =>
      http('DELETE', `/agents/delete/${enc(agentName)}`, { schema: agentDeleteResponseSchema }),
    deleteByOrg: (orgId: string, agentName?: string) =>
      http('DELETE', `/agents/delete-by-org/${enc(orgId)}`, {
        json: agentName ? { agent_name: agentName } : {},
        schema: agentDeleteResponseSchema,
      }),
  };
}
export type AgentServiceClient = ReturnType<typeof createAgentServiceClient>;

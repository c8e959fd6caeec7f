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
  async function byOrgResult(
    orgId: string,
    signal?: AbortSignal,
  ): Promise<{ agents: AgentView[]; noAgents: boolean }> {
    try {
      const body = await http('GET', `/agents/by-org/${enc(orgId)}`, {
        schema: z.unknown(),
        signal,
      });
      return { agents: readAgentsList(body), noAgents: false };
    } catch (error) {
      if (isNoAgentsAnswer(error)) return { agents: [], noAgents: true };
      if (isAbortError(error)) return { agents: [], noAgents: false };
      throw error;
    }
  }
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
    byOrg: async (orgId: string, signal?: AbortSignal): Promise<AgentView[]> =>
      (await byOrgResult(orgId, signal)).agents,
    /**
     * The list read with how it ended: `noAgents` when the service answered 404/405 (the UI then
     * says 'No agents found. Create your first agent!', spec §8).
     */
    byOrgResult,
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from '../api/ApiContext';
import type { AgentConfig, CreateAgentInput } from '../api/DashboardApi';
import { publishAgentFlow, type PublishOutcome } from './detail/publishAgent';

/**
 * The agents' query keys: the organization's agents (drafts and versions sit under it), one
 * agent's configuration (the detail and the editor read the same entry), its tools and its tests
 * (agents/tests/queries.ts keys its runs under it).
 */
export const agentKeys = {
  agents: (orgId: string) => ['agents', orgId] as const,
  agent: (agentId: string) => ['agent', agentId] as const,
  tools: (agentId: string) => ['agent-tools', agentId] as const,
  tests: (agentId: string) => ['agent-tests', agentId] as const,
} as const;

/**
 * The organization's agents. TanStack Query runs one fetch per key at a time and refetches
 * when the organization (the key) changes, as the spec's list loading asks.
 */
export function useAgents(orgId: string | undefined) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: agentKeys.agents(orgId ?? ''),
    queryFn: async ({ signal }) =>
      api.listAgentsResult
        ? api.listAgentsResult(orgId!, signal)
        : { agents: await api.listAgents(orgId!, signal), noAgents: false },
    enabled: Boolean(orgId),
    retry: false,
  });
}

/** Post-creation refresh delay (spec §9: 2 s). */
export const postCreateRefreshMs = 2000;

export function useCreateAgent() {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAgentInput) => api.createAgent(input),
    onSuccess: async (_agent, input) => {
      await qc.invalidateQueries({ queryKey: agentKeys.agents(input.orgId) });
      setTimeout(() => {
        void qc.invalidateQueries({ queryKey: agentKeys.agents(input.orgId) });
      }, postCreateRefreshMs);
    },
  });
}

export function useDeleteAgent() {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, orgId }: { agentId: string; orgId: string }) =>
      api.deleteAgent(agentId, orgId),
    onSettled: (_r, _e, vars) => qc.invalidateQueries({ queryKey: agentKeys.agents(vars.orgId) }),
  });
}

/** One agent's configuration (the detail and the editor read the same entry). */
export function useAgent(agentId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: agentKeys.agent(agentId),
    queryFn: ({ signal }) => api.getAgent(agentId, signal),
    retry: false,
  });
}

/**
 * Publish the agent: the outcome is handed to `onOutcome`; the agent's tests are read again (the
 * publish gate may have run them), and on success the agent and the organization's agents.
 */
export function usePublishAgent(
  agentId: string,
  orgId: string,
  {
    onStart,
    onOutcome,
  }: { onStart?: () => void; onOutcome?: (outcome: PublishOutcome) => void } = {},
) {
  const api = useDashboardApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ config, note }: { config: AgentConfig; note?: string }) =>
      publishAgentFlow(api, config, note),
    onMutate: () => onStart?.(),
    onSuccess: async (result) => {
      onOutcome?.(result);
      // The publish gate may have run the agent's tests (refused or not).
      void queryClient.invalidateQueries({ queryKey: agentKeys.tests(agentId) });
      if (result.tone === 'success') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: agentKeys.agent(agentId) }),
          queryClient.invalidateQueries({ queryKey: agentKeys.agents(orgId) }),
        ]);
      }
    },
  });
}

/** Save the origins the agent's widgets may be embedded on; the agent is read again. */
export function useSaveAllowedOrigins(agentId: string, orgId: string) {
  const api = useDashboardApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origins: string[]) =>
      api.updateAgent(agentId, orgId, { allowed_origins: origins }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.agent(agentId) }),
  });
}

/** Save 'Let visitors receive e-mails/texts'; the agent is read again. */
export function useSaveVisitorSends(agentId: string) {
  const api = useDashboardApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { orgId: string; on: boolean }) =>
      api.updateAgent(agentId, v.orgId, { visitor_sends: v.on }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.agent(agentId) }),
  });
}

/** Save 'Talk to a person' (issue 41); the agent is read again. */
export function useSaveTalkToPerson(agentId: string) {
  const api = useDashboardApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { orgId: string; on: boolean }) =>
      api.updateAgent(agentId, v.orgId, { talk_to_person: v.on }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.agent(agentId) }),
  });
}

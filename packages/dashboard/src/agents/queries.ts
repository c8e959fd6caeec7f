import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from '../api/ApiContext';
import type { AgentConfig } from '../api/DashboardApi';
import { queryKeys } from '../api/queryKeys';
import { publishAgentFlow, type PublishOutcome } from './detail/publishAgent';
import { testsKeys } from './tests/testsKeys';

/** One agent's configuration (the detail and the editor read the same entry). */
export function useAgent(agentId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: queryKeys.agent(agentId),
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
    mutationFn: (config: AgentConfig) => publishAgentFlow(api, config),
    onMutate: () => onStart?.(),
    onSuccess: async (result) => {
      onOutcome?.(result);
      // The publish gate may have run the agent's tests (refused or not).
      void queryClient.invalidateQueries({ queryKey: testsKeys.agentTests(agentId) });
      if (result.tone === 'success') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.agent(agentId) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.agents(orgId) }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.agent(agentId) }),
  });
}

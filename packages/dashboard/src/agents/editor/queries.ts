import { useQuery } from '@tanstack/react-query';
import { useDashboardApi } from '../../api/ApiContext';
import { queryKeys } from '../../api/queryKeys';

// The agent editor's reads: the agent (under the one `queryKeys.agent` key the detail view also
// uses) and the providers whose keys the deployment shares.

export function useEditorAgent(agentId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: queryKeys.agent(agentId),
    queryFn: ({ signal }) => api.getAgent(agentId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useSharedProviders(orgId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: queryKeys.sharedProviders(orgId),
    queryFn: ({ signal }) => api.sharedProviders!(orgId, signal),
    enabled: Boolean(api.sharedProviders && orgId),
    staleTime: 5 * 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { useDashboardApi } from '../../api/ApiContext';
import { agentKeys } from '../queries';

/** The editor's own query keys (the agent's configuration is `agentKeys.agent`). */
export const editorKeys = {
  /** The install's shared keys and accounts, and whether they serve the organization. */
  sharedProviders: (orgId: string) => ['shared-providers', orgId] as const,
} as const;

// The agent editor's reads: the agent (under the one `agentKeys.agent` key the detail view also
// uses) and the providers whose keys the deployment shares.

export function useEditorAgent(agentId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: agentKeys.agent(agentId),
    queryFn: ({ signal }) => api.getAgent(agentId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useSharedProviders(orgId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: editorKeys.sharedProviders(orgId),
    queryFn: ({ signal }) => api.sharedProviders!(orgId, signal),
    enabled: Boolean(api.sharedProviders && orgId),
    staleTime: 5 * 60_000,
  });
}

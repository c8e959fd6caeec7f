import { useQuery } from '@tanstack/react-query';
import { useDashboardApi } from '../api/ApiContext';
import { useSystemStatusClient } from '../api/clients/systemStatus';
import { queryKeys } from '../api/queryKeys';
import { loadDashboardStats } from './stats';

/** Query keys of the Overview's additions (beside the feature: the first tab does not carry them). */
export const overviewKeys = {
  systemStatus: queryKeys.systemStatus,
} as const;

/** What is really configured under the System Status lines (GET /api/system-status). */
export function useSystemStatus(orgId: string) {
  const client = useSystemStatusClient();
  return useQuery({
    queryKey: overviewKeys.systemStatus(orgId),
    queryFn: ({ signal }) => client.get(orgId, signal),
    retry: false,
  });
}

/** The Overview's figures (agents, numbers, emails) for the organization. */
export function useDashboardStats(orgId: string | undefined) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: queryKeys.stats(orgId ?? ''),
    enabled: Boolean(orgId),
    queryFn: () =>
      loadDashboardStats({
        agents: () => api.listAgents(orgId!),
        phoneNumbers: () => api.listPhoneNumbers(orgId!),
        mailboxMappings: () => api.listMailboxMappings(orgId!),
      }),
  });
}

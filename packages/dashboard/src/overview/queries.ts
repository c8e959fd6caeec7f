import { useQuery } from '@tanstack/react-query';
import { useDashboardApi } from '../api/ApiContext';
import { useSystemStatusClient } from '../api/clients/systemStatus';
import { loadDashboardStats } from './stats';

/**
 * The Overview's query keys: its figures (agents, numbers, mailboxes: what adds or assigns one
 * reads them again) and what is configured (System Status; the live call asks it too).
 */
export const overviewKeys = {
  stats: (orgId: string) => ['stats', orgId] as const,
  systemStatus: (orgId: string) => ['system-status', orgId] as const,
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
    queryKey: overviewKeys.stats(orgId ?? ''),
    enabled: Boolean(orgId),
    queryFn: () =>
      loadDashboardStats({
        agents: () => api.listAgents(orgId!),
        phoneNumbers: () => api.listPhoneNumbers(orgId!),
        mailboxMappings: () => api.listMailboxMappings(orgId!),
      }),
  });
}

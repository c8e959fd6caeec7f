import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '@parley/api-client';
import { useConversationsClient } from '../api/clients/conversations';

/** Query keys of the analytics (beside the feature, so the first tab's bundle does not carry them). */
export const analyticsKeys = {
  agent: (agentId: string, period: AnalyticsPeriod, version = 'all') =>
    ['analytics', agentId, period, version] as const,
};

/**
 * An agent's figures for a period (GET /api/analytics/agents/{id}?period=…), of every version
 * ('all') or of one ('3', 'draft').
 */
export function useAgentAnalytics(agentId: string, period: AnalyticsPeriod, version = 'all') {
  const client = useConversationsClient();
  return useQuery({
    queryKey: analyticsKeys.agent(agentId, period, version),
    queryFn: ({ signal }) =>
      client.analytics(agentId, period, signal, version === 'all' ? undefined : version),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

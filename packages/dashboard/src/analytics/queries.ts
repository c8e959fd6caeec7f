import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createConversationsClient, type AnalyticsPeriod } from '@parley/api-client';

/** Query keys of the analytics (beside the feature, so the first tab's bundle does not carry them). */
export const analyticsKeys = {
  agent: (agentId: string, period: AnalyticsPeriod) => ['analytics', agentId, period] as const,
};

/** An agent's figures for a period (GET /api/analytics/agents/{id}?period=…). */
export function useAgentAnalytics(agentId: string, period: AnalyticsPeriod) {
  const client = useMemo(() => createConversationsClient({ baseUrl: '/api' }), []);
  return useQuery({
    queryKey: analyticsKeys.agent(agentId, period),
    queryFn: ({ signal }) => client.analytics(agentId, period, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

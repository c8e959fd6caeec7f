import { createAgentTestsClient, type AgentTestsClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** An agent's test suites (/api/agents/{agentName}/tests): the API's own, else made here. */
export function useAgentTestsClient(): AgentTestsClient {
  const api = useDashboardApi();
  return (
    api.agentTests ??
    clientOf(api, 'agentTests', (origin, fetch) =>
      createAgentTestsClient({ baseUrl: `${origin}/api/agents`, fetch }),
    )
  );
}

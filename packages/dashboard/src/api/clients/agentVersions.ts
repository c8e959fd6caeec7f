import { createAgentVersionsClient, type AgentVersionsClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** An agent's drafts and versions (/api/agents/{agentName}): the API's own, else made here. */
export function useAgentVersionsClient(): AgentVersionsClient {
  const api = useDashboardApi();
  return (
    api.agentVersions ??
    clientOf(api, 'agentVersions', (origin, fetch) =>
      createAgentVersionsClient({ baseUrl: `${origin}/api/agents`, fetch }),
    )
  );
}

import { createAgentToolsClient, type AgentToolsClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** An agent's tools (/api/agents/{agentName}/tools): the API's own, else made here. */
export function useAgentToolsClient(): AgentToolsClient {
  const api = useDashboardApi();
  return (
    api.agentTools ??
    clientOf(api, 'agentTools', (origin, fetch) =>
      createAgentToolsClient({ baseUrl: `${origin}/api/agents`, fetch }),
    )
  );
}

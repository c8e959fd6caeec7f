import { useQuery } from '@tanstack/react-query';
import { useDashboardApi } from '../api/ApiContext';
import { callsRefetchInterval } from './callFormat';

/** The calls' query keys: an agent's call log, one call with its transcript. */
export const callKeys = {
  calls: (agentId: string) => ['voice-calls', agentId] as const,
  call: (conversationId: string) => ['voice-call', conversationId] as const,
} as const;

/** The agent's call log, asked again every 5 s while a call is still running. */
export function useAgentCalls(agentId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: callKeys.calls(agentId),
    queryFn: ({ signal }) => api.listCalls(agentId, signal),
    retry: false,
    refetchInterval: (q) => callsRefetchInterval(q.state.data),
  });
}

/**
 * One call with its transcript (none while `conversationId` is null). `live`: asked again every
 * 5 s while the call is still running.
 */
export function useCall(conversationId: string | null, { live = false }: { live?: boolean } = {}) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: callKeys.call(conversationId ?? ''),
    queryFn: ({ signal }) => api.getCall(conversationId!, signal),
    enabled: conversationId !== null,
    retry: false,
    refetchInterval: (q) =>
      live ? callsRefetchInterval(q.state.data ? [q.state.data] : undefined) : false,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsPeriod, OutcomePlanInput, OutcomeRerunRequest } from '@parley/api-client';
import { useOutcomesApi } from '../api/outcomesClient';

/**
 * Query keys of outcomes. The plan sits under the organization's agents key (`['agents', orgId]`),
 * as drafts do: whatever reads the agents again (a publish, a discard) reads it again too.
 */
export const outcomesKeys = {
  plan: (orgId: string, agentId: string) => ['agents', orgId, 'outcome-plan', agentId] as const,
  reruns: (orgId: string, agentId: string) => ['agents', orgId, 'outcome-reruns', agentId] as const,
  draft: (orgId: string, agentId: string) => ['agents', orgId, 'draft', agentId] as const,
  analytics: (agentId: string, period: AnalyticsPeriod, version: string) =>
    ['outcome-analytics', agentId, period, version] as const,
} as const;

/** The draft's plan, saving it, and re-analysing past conversations (with progress). */
export function useOutcomePlan(orgId: string, agentId: string) {
  const client = useOutcomesApi();
  const qc = useQueryClient();
  const plan = useQuery({
    queryKey: outcomesKeys.plan(orgId, agentId),
    queryFn: ({ signal }) => client.getPlan(agentId, signal),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (body: OutcomePlanInput) => client.savePlan(agentId, body),
    onSuccess: async (stored) => {
      qc.setQueryData(outcomesKeys.plan(orgId, agentId), stored);
      // The draft now differs from the live version (the Publish strip says so).
      await qc.invalidateQueries({ queryKey: outcomesKeys.draft(orgId, agentId) });
    },
  });
  const reruns = useQuery({
    queryKey: outcomesKeys.reruns(orgId, agentId),
    queryFn: ({ signal }) => client.reruns(agentId, signal),
    retry: false,
    placeholderData: keepPreviousData,
    // While one runs, its progress is read every 2 s.
    refetchInterval: (q) => (q.state.data?.reruns[0]?.status === 'running' ? 2000 : false),
  });
  const rerun = useMutation({
    mutationFn: (body: OutcomeRerunRequest) => client.rerun(agentId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: outcomesKeys.reruns(orgId, agentId) }),
  });
  return { plan, save, reruns, rerun };
}

/** The outcomes' figures for the Analytics tab (`version`: 'all', a number or 'draft'). */
export function useOutcomeAnalytics(agentId: string, period: AnalyticsPeriod, version: string) {
  const client = useOutcomesApi();
  return useQuery({
    queryKey: outcomesKeys.analytics(agentId, period, version),
    queryFn: ({ signal }) =>
      client.analytics(agentId, period, signal, version === 'all' ? undefined : version),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

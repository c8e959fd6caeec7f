import { useEffect, useRef } from 'react';
import { useIsFetching, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAgentVersionsClient } from '../../api/clients/agentVersions';
import { agentKeys } from '../queries';

/**
 * Query keys of drafts and versions, under the organization's agents key (`agentKeys.agents`):
 * whatever invalidates the agents list — an editor save, a publish — reads them again too.
 */
export const versionsKeys = {
  versions: (orgId: string, agentId: string) =>
    [...agentKeys.agents(orgId), 'versions', agentId] as const,
  version: (orgId: string, agentId: string, version: number) =>
    [...agentKeys.agents(orgId), 'versions', agentId, version] as const,
  draft: (orgId: string, agentId: string) =>
    [...agentKeys.agents(orgId), 'draft', agentId] as const,
} as const;

/**
 * How often the draft's changes are read again while the page is open: the editor saves the
 * prompt and model through their own calls, which say nothing to this cache.
 */
export const draftPollMs = 4000;

/** The agent's published versions, the live one and whether the draft differs. */
export function useAgentVersions(orgId: string, agentId: string) {
  const client = useAgentVersionsClient();
  return useQuery({
    queryKey: versionsKeys.versions(orgId, agentId),
    queryFn: ({ signal }) => client.list(agentId, signal),
    retry: false,
  });
}

/** One published version (its settings, tools and analysis plan); off while `version` is null. */
export function useAgentVersion(orgId: string, agentId: string, version: number | null) {
  const client = useAgentVersionsClient();
  return useQuery({
    queryKey: versionsKeys.version(orgId, agentId, version ?? 0),
    queryFn: ({ signal }) => client.get(agentId, version!, signal),
    enabled: version !== null,
    // A version never changes.
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * What the draft changes against the live version: read again after an editor save, a tool's
 * change (its list is read again) and every `draftPollMs` while the page is visible.
 */
export function useAgentDraft(orgId: string, agentId: string) {
  const client = useAgentVersionsClient();
  const queryClient = useQueryClient();
  const toolsFetching = useIsFetching({ queryKey: agentKeys.tools(agentId) });
  const wasFetching = useRef(0);
  useEffect(() => {
    if (wasFetching.current > 0 && toolsFetching === 0)
      void queryClient.invalidateQueries({ queryKey: versionsKeys.draft(orgId, agentId) });
    wasFetching.current = toolsFetching;
  }, [toolsFetching, queryClient, orgId, agentId]);
  return useQuery({
    queryKey: versionsKeys.draft(orgId, agentId),
    queryFn: ({ signal }) => client.draft(agentId, signal),
    refetchInterval: draftPollMs,
    retry: false,
  });
}

/** After a restore or a discard: the agent, its versions and its draft are read again. */
function useRefreshAgent(orgId: string, agentId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agentKeys.agent(agentId) }),
      queryClient.invalidateQueries({ queryKey: agentKeys.agents(orgId) }),
      queryClient.invalidateQueries({ queryKey: agentKeys.tools(agentId) }),
    ]);
}

/** Makes a version live again at once, as a new version. */
export function useRestoreVersion(orgId: string, agentId: string) {
  const client = useAgentVersionsClient();
  const refresh = useRefreshAgent(orgId, agentId);
  return useMutation({
    mutationFn: (version: number) => client.restore(agentId, version),
    onSuccess: refresh,
  });
}

/** Resets the draft to the live version. */
export function useDiscardDraft(orgId: string, agentId: string) {
  const client = useAgentVersionsClient();
  const refresh = useRefreshAgent(orgId, agentId);
  return useMutation({
    mutationFn: () => client.discardDraft(agentId),
    onSuccess: refresh,
  });
}

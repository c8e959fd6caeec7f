import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAgentTestsClient } from '@parley/api-client';
import { useDashboardApi } from '../../api/ApiContext';
import { testsKeys } from './testsKeys';

/**
 * 'Make a test' of a stored conversation (any channel): its user turns with the agent's answers as
 * judge criteria; then the Tests section shows it (scrolled to, to edit the criteria).
 */
export function useMakeTest(agentId: string, sectionId = 'agent-section-tests') {
  const api = useDashboardApi();
  const queryClient = useQueryClient();
  const client = useMemo(
    () => api.agentTests ?? createAgentTestsClient({ baseUrl: '/api/agents' }),
    [api.agentTests],
  );
  return useMutation({
    mutationFn: (conversationId: string) =>
      client.fromConversation(agentId, { conversation_id: conversationId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: testsKeys.agentTests(agentId) });
      globalThis.document?.getElementById(sectionId)?.scrollIntoView?.({ block: 'start' });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentTool, AgentToolsClient, ToolTestResponse } from '@parley/api-client';
import { agentKeys } from '../../queries';

const unavailable = () => new Error('Tools are not available on this server');

/** The agent's tools. */
export function useAgentTools(client: AgentToolsClient | undefined, agentId: string) {
  return useQuery({
    queryKey: agentKeys.tools(agentId),
    queryFn: ({ signal }) => {
      if (!client) throw unavailable();
      return client.list(agentId, signal);
    },
  });
}

type ToolBody = Parameters<AgentToolsClient['create']>[1];

/** Create (`id: null`) or update a tool; the agent's tools are read again. */
export function useSaveAgentTool(
  client: AgentToolsClient | undefined,
  agentId: string,
  { onSaved }: { onSaved?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (state: { id: string | null; body: ToolBody }) =>
      state.id
        ? client!.update(agentId, state.id, state.body)
        : client!.create(agentId, state.body),
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: agentKeys.tools(agentId) });
    },
  });
}

/** Delete a tool; whatever the answer, the agent's tools are read again. */
export function useDeleteAgentTool(
  client: AgentToolsClient | undefined,
  agentId: string,
  { onSettled }: { onSettled?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tool: AgentTool) => client!.delete(agentId, tool.id),
    onSettled: async () => {
      onSettled?.();
      await queryClient.invalidateQueries({ queryKey: agentKeys.tools(agentId) });
    },
  });
}

/** Try a tool with sample arguments (nothing stored). */
export function useTestAgentTool(client: AgentToolsClient | undefined, agentId: string) {
  return useMutation<ToolTestResponse, Error, { tool: AgentTool; args: Record<string, unknown> }>({
    mutationFn: ({ tool, args }) => client!.test(agentId, tool.id, { arguments: args }),
  });
}

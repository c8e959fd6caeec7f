import { useMutation } from '@tanstack/react-query';
import {
  messageOf,
  type AgentToolsClient,
  type McpToolsRequest,
  type McpToolsResponse,
} from '@parley/api-client';
import type { McpListState } from './McpAllowList';

/**
 * 'List tools' of an MCP server for the tool editor: asks our server (which connects through the
 * outbound guard) and holds the answer. A refusal (`ok: false`) or a refused request (e.g. an
 * address that is not public) becomes the list's error, in the server's words.
 */
export function useMcpTools(client: AgentToolsClient | undefined, agentId: string) {
  const listing = useMutation<McpToolsResponse, Error, McpToolsRequest>({
    mutationFn: (body) => {
      if (!client) throw new Error('Tools are not available on this server');
      return client.mcpTools(agentId, body);
    },
  });
  const answer = listing.data;
  const state: McpListState = {
    loading: listing.isPending,
    error: listing.error
      ? messageOf(listing.error)
      : answer && !answer.ok
        ? (answer.error ?? 'The MCP server could not be listed')
        : null,
    tools: answer?.ok ? answer.tools : null,
  };
  return { state, list: listing.mutate, reset: listing.reset, error: listing.error };
}

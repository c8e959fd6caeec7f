import { createHttp, type HttpOptions } from '../http';
import {
  agentToolAnswerSchema,
  agentToolDeleteSchema,
  agentToolListSchema,
  mcpToolsResponseSchema,
  toolTestResponseSchema,
  type McpToolsRequest,
  type ToolSaveRequest,
  type ToolTestRequest,
} from '../schemas/tools';

/** An agent's tools (default base '/api/agents'): list, create, replace, delete, test, MCP tools. */
export function createAgentToolsClient(options: HttpOptions) {
  const http = createHttp(options);
  const base = (agentName: string) => `/${encodeURIComponent(agentName)}/tools`;
  return {
    list: (agentName: string, signal?: AbortSignal) =>
      http('GET', base(agentName), { schema: agentToolListSchema, signal }),
    create: (agentName: string, body: ToolSaveRequest) =>
      http('POST', base(agentName), { json: body, schema: agentToolAnswerSchema }),
    update: (agentName: string, id: string, body: ToolSaveRequest) =>
      http('PUT', `${base(agentName)}/${encodeURIComponent(id)}`, {
        json: body,
        schema: agentToolAnswerSchema,
      }),
    delete: (agentName: string, id: string) =>
      http('DELETE', `${base(agentName)}/${encodeURIComponent(id)}`, {
        schema: agentToolDeleteSchema,
      }),
    test: (agentName: string, id: string, body: ToolTestRequest) =>
      http('POST', `${base(agentName)}/${encodeURIComponent(id)}/test`, {
        json: body,
        schema: toolTestResponseSchema,
      }),
    /** 'List tools' of an MCP server (before or after the tool is saved). */
    mcpTools: (agentName: string, body: McpToolsRequest, signal?: AbortSignal) =>
      http('POST', `${base(agentName)}/mcp-tools`, {
        json: body,
        schema: mcpToolsResponseSchema,
        signal,
      }),
  };
}
export type AgentToolsClient = ReturnType<typeof createAgentToolsClient>;

import * as api from '@parley/api-client';
import { op, type Operation } from '../lib/openapiOperation';

/** Agent tools (docs/tools.md): assembled into the document by openapi.ts. */
// prettier-ignore
export const toolOperations: Operation[] = [
  // ---- agent tools (docs/tools.md) ----
  op('get', '/api/agents/:agentName/tools', "An agent's tools (header values masked)", 'Agent tools', 'session', { response: api.agentToolListSchema }),
  op('post', '/api/agents/:agentName/tools', 'Add a tool to an agent', 'Agent tools', 'session', { body: api.toolSaveRequestSchema, response: api.agentToolAnswerSchema }),
  op('put', '/api/agents/:agentName/tools/:id', "Replace a tool (a masked header value keeps the stored one)", 'Agent tools', 'session', { body: api.toolSaveRequestSchema, response: api.agentToolAnswerSchema }),
  op('delete', '/api/agents/:agentName/tools/:id', 'Delete a tool', 'Agent tools', 'session', { response: api.agentToolDeleteSchema }),
  op('post', '/api/agents/:agentName/tools/mcp-tools', "List an MCP server's tools (the editor's allow-list)", 'Agent tools', 'session', { body: api.mcpToolsRequestSchema, response: api.mcpToolsResponseSchema }),
  op('post', '/api/agents/:agentName/tools/:id/test', "Run a tool once with sample arguments ('Test tool')", 'Agent tools', 'session', { body: api.toolTestRequestSchema, response: api.toolTestResponseSchema }),
];

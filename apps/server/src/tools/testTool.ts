import {
  isBuiltinToolType,
  isMaskedSecret,
  toolMaxTimeoutMs,
  type McpToolsResponse,
  type ToolTestResponse,
} from '@parley/api-client';
import { HttpError } from '../lib/http';
import { sameDestination, secretNeedsRetyping } from '../lib/destination';
import { toolHeaders, type ToolConfig } from './store';
import { checkToolUrl } from './toolUrl';
import { ToolError } from './httpTool';
import { listMcpTools } from './mcpTool';
import type { Services } from '../lib/env';
import type { agents } from '../db/schema';
import type { ToolRow } from './store';
import { builtinDryRun } from './builtins';
import { runRecorded, ToolSteps } from './toolSet';

/**
 * 'Test tool': runs the tool once with sample arguments, as a turn would (the outbound guard,
 * the time and size limits, the secret headers), and answers its step. A built-in acts on a
 * conversation's person, and there is none here: it says what it would do and does nothing.
 */
export async function testTool(
  services: Pick<Services, 'db' | 'secrets' | 'logger' | 'env'>,
  agent: typeof agents.$inferSelect,
  row: ToolRow,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ToolTestResponse> {
  if (isBuiltinToolType(row.type))
    return {
      ok: true,
      dry_run: true,
      step: {
        tool: row.name,
        tool_id: row.id,
        input: args,
        output: builtinDryRun(row, args),
        duration_ms: 0,
        error: null,
      },
    };
  const steps = new ToolSteps();
  const { step } = await runRecorded(
    row,
    args,
    null,
    {
      ...services,
      organizationId: agent.organizationId,
      agentName: agent.agentName,
      conversationId: null,
      channel: 'chat',
      endUser: null,
      agentAddress: null,
      actions: {},
    },
    steps,
    signal,
  );
  return { ok: step.error === null, dry_run: false, step };
}

/**
 * 'List tools' for the editor: the URL checked as when saved (400 naming the field), the
 * headers as given (a masked value: the stored tool's), then the server's tools or why not.
 */
export async function mcpToolsForEditor(
  services: Pick<Services, 'secrets' | 'env'>,
  body: { url: string; headers: Record<string, string> },
  stored: ToolRow | undefined,
  signal?: AbortSignal,
): Promise<McpToolsResponse> {
  const url = await checkToolUrl(body.url, services.env);
  const kept = stored ? toolHeaders(stored, services.secrets) : {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(body.headers)) {
    if (!isMaskedSecret(value)) {
      headers[name] = value;
      continue;
    }
    const found = Object.entries(kept).find(([n]) => n.toLowerCase() === name.toLowerCase());
    if (!found)
      throw new HttpError(
        400,
        `headers.${name}: enter the value (a masked value keeps only a stored one)`,
        { issues: [{ field: `headers.${name}`, message: 'enter the value' }] },
      );
    // The stored value goes only to the address it was saved for (scheme, host and port).
    if (!sameDestination((stored!.config as ToolConfig).url, url))
      throw secretNeedsRetyping(`headers.${name}`);
    headers[name] = found[1];
  }
  const timeoutMs = (stored?.config as ToolConfig | undefined)?.timeout_ms ?? toolMaxTimeoutMs;
  try {
    const tools = await listMcpTools({ url, headers, timeoutMs }, services.env, signal);
    return {
      ok: true,
      error: null,
      tools: tools.map((t) => ({
        name: t.name,
        description: t.description,
        input_schema: t.inputSchema,
      })),
    };
  } catch (error) {
    return {
      ok: false,
      tools: [],
      error: error instanceof ToolError ? error.message : 'The MCP server could not be listed',
    };
  }
}

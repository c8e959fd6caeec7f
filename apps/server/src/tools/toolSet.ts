import { jsonSchema, tool, type ToolSet } from 'ai';
import { builtinToolParameters, isBuiltinToolType, toolMaxTimeoutMs } from '@parley/api-client';
import type { ToolStep } from '../db/schema';
import { argumentsValidator, toolHeaders, type ToolConfig, type ToolRow } from './store';
import { runBuiltin } from './builtins';
import type { ToolContext } from './context';
import { callHttpTool, ToolError } from './httpTool';
import { callMcpTool, listMcpTools, type McpSpec, type McpToolInfo } from './mcpTool';

/** The steps of one turn as they happen: the list, and each by its tool-call id. */
export class ToolSteps {
  readonly list: ToolStep[] = [];
  private readonly byCall = new Map<string, ToolStep>();
  add(step: ToolStep) {
    this.list.push(step);
    if (step.call_id) this.byCall.set(step.call_id, step);
    return step;
  }
  /** The step of a model's call id. */
  get(callId: string) {
    return this.byCall.get(callId);
  }
}

/** How a failure reads for the model and on the step. */
export function toolErrorMessage(error: unknown): string {
  if (error instanceof ToolError) return error.message;
  return 'The tool failed unexpectedly';
}

/** Runs one tool once (the turn and the 'Test tool' button share it). */
export async function runTool(
  row: ToolRow,
  args: unknown,
  ctx: ToolContext,
  signal?: AbortSignal,
): Promise<unknown> {
  if (row.type === 'http') {
    const config = row.config as ToolConfig;
    const headers = headersInClear(row, ctx);
    return callHttpTool(
      {
        method: config.method ?? 'POST',
        url: config.url ?? '',
        timeoutMs: config.timeout_ms ?? toolMaxTimeoutMs,
        headers,
      },
      args,
      { env: ctx.env, signal },
    );
  }
  if (isBuiltinToolType(row.type)) {
    const timeout = AbortSignal.timeout(toolMaxTimeoutMs);
    return Promise.race([
      runBuiltin(row, (args ?? {}) as Record<string, unknown>, ctx),
      new Promise<never>((_, reject) =>
        timeout.addEventListener('abort', () =>
          reject(new ToolError(`The tool did not answer within ${toolMaxTimeoutMs / 1000} s`)),
        ),
      ),
    ]);
  }
  if (row.type === 'mcp') {
    // ('Test tool' on an MCP server: its tools, as the editor lists them.)
    const tools = await listMcpTools(mcpSpecOf(row, ctx), ctx.env, signal);
    return { tools: tools.map((t) => ({ name: t.name, description: t.description })) };
  }
  throw new ToolError(`Tools of type ${row.type} are not available on this server yet`);
}

/** An MCP tool row's server: its URL, time limit and headers in the clear. */
export function mcpSpecOf(row: ToolRow, ctx: Pick<ToolContext, 'secrets'>): McpSpec {
  const config = row.config as ToolConfig;
  const headers = headersInClear(row, ctx);
  return { url: config.url ?? '', headers, timeoutMs: config.timeout_ms ?? toolMaxTimeoutMs };
}

/** A tool row's headers in the clear; a value that cannot be decrypted is a ToolError. */
export function headersInClear(
  row: ToolRow,
  ctx: Pick<ToolContext, 'secrets'>,
): Record<string, string> {
  try {
    return toolHeaders(row, ctx.secrets);
  } catch {
    throw new ToolError("The tool's headers cannot be read (the server's secret changed?)");
  }
}

/** MCP servers' tool lists, kept a minute per tool version (not listed again on every turn). */
const mcpLists = new Map<string, { at: number; tools: McpToolInfo[] }>();
const mcpListTtlMs = 60_000;

async function mcpToolsOf(row: ToolRow, spec: McpSpec, ctx: ToolContext) {
  const key = `${row.id}:${row.updatedAt.getTime()}`;
  const now = Date.now();
  const hit = mcpLists.get(key);
  if (hit && now - hit.at < mcpListTtlMs) return hit.tools;
  const tools = await listMcpTools(spec, ctx.env);
  if (mcpLists.size > 500) mcpLists.clear();
  mcpLists.set(key, { at: now, tools });
  return tools;
}

/**
 * Runs a tool and records the step (tool, id, input, output, duration, error). A failure never
 * throws: the model gets 'Error: …' and can explain it.
 */
export async function runRecorded(
  row: ToolRow,
  args: unknown,
  callId: string | null,
  ctx: ToolContext,
  steps: ToolSteps,
  signal?: AbortSignal,
  /** An MCP server's tool: its name and call (the row is its server). */
  remote?: { name: string; run: () => Promise<unknown> },
): Promise<{ step: ToolStep; forModel: unknown }> {
  const started = performance.now();
  let output: unknown = null;
  let error: string | null = null;
  const mocks = ctx.toolMocks ?? {};
  const mocked = [row.id, remote?.name ?? row.name].find((key) => Object.hasOwn(mocks, key));
  try {
    if (mocked !== undefined) output = mocks[mocked];
    else output = remote ? await remote.run() : await runTool(row, args, ctx, signal);
  } catch (e) {
    error = toolErrorMessage(e);
    if (!(e instanceof ToolError))
      ctx.logger.warn({ err: e, tool: row.name, agent: ctx.agentName }, 'tool failed');
  }
  const step = steps.add({
    tool: remote?.name ?? row.name,
    // The tool's own id (a test's calls_tool names it); the model's call id apart.
    tool_id: row.id,
    call_id: callId,
    input: args ?? {},
    output,
    duration_ms: Math.round(performance.now() - started),
    error,
    ...(mocked !== undefined ? { mocked } : {}),
  });
  return { step, forModel: error ? `Error: ${error}` : (output ?? '') };
}

/** An AI SDK input schema from a JSON Schema, checked with Ajv (the model is told what is wrong). */
function inputSchemaOf(parameters: Record<string, unknown>) {
  const check = argumentsValidator(parameters);
  return jsonSchema<Record<string, unknown>>(parameters as never, {
    validate: (value) => {
      const result = check(value);
      return result.ok
        ? { success: true, value: value as Record<string, unknown> }
        : { success: false, error: new Error(result.message) };
    },
  });
}

/**
 * The AI SDK tool set of the agent's tools for one turn. An MCP server's allowed tools are
 * offered under their own names (a name another tool of the agent has stays that tool's); a
 * server that cannot be listed is offered as one tool under the server's name whose call
 * answers why, so the model can explain it.
 */
export async function toolSetFor(
  rows: ToolRow[],
  ctx: ToolContext,
  steps: ToolSteps,
): Promise<ToolSet> {
  const set: ToolSet = {};
  const mcpRows: ToolRow[] = [];
  for (const row of rows) {
    if (row.type === 'mcp') {
      mcpRows.push(row);
      continue;
    }
    // A built-in's arguments are the server's (a tool saved before they changed gets today's).
    const parameters = isBuiltinToolType(row.type)
      ? builtinToolParameters[row.type]
      : row.parameters;
    set[row.name] = tool<Record<string, unknown>, unknown>({
      description: row.description || undefined,
      inputSchema: inputSchemaOf(parameters),
      execute: async (input, { toolCallId, abortSignal }) =>
        (await runRecorded(row, input, toolCallId, ctx, steps, abortSignal)).forModel,
    });
  }
  await Promise.all(
    mcpRows.map(async (row) => {
      let spec: McpSpec;
      let listed: McpToolInfo[];
      try {
        spec = mcpSpecOf(row, ctx);
        listed = await mcpToolsOf(row, spec, ctx);
      } catch (error) {
        const failure = error instanceof ToolError ? error : new ToolError(toolErrorMessage(error));
        ctx.logger.warn({ tool: row.name, err: failure.message }, 'MCP server not listed');
        set[row.name] ??= tool<Record<string, unknown>, unknown>({
          description: `${row.description || 'Tools of an MCP server'} (cannot be reached now: call it to learn why)`,
          inputSchema: inputSchemaOf({ type: 'object', properties: {} }),
          execute: async (input, { toolCallId }) =>
            (
              await runRecorded(row, input, toolCallId, ctx, steps, undefined, {
                name: row.name,
                run: () => Promise.reject(failure),
              })
            ).forModel,
        });
        return;
      }
      const allowed = new Set((row.config as ToolConfig).allowed_tools ?? []);
      for (const remote of listed) {
        if (!allowed.has(remote.name) || set[remote.name]) continue;
        set[remote.name] = tool<Record<string, unknown>, unknown>({
          description: remote.description || undefined,
          inputSchema: inputSchemaOf(remote.inputSchema),
          execute: async (input, { toolCallId, abortSignal }) =>
            (
              await runRecorded(row, input, toolCallId, ctx, steps, abortSignal, {
                name: remote.name,
                run: () => callMcpTool(spec, remote.name, input, ctx.env, abortSignal),
              })
            ).forModel,
        });
      }
    }),
  );
  return set;
}

import { jsonSchema, tool, type ToolSet } from 'ai';
import { isBuiltinToolType, toolMaxTimeoutMs } from '@parley/api-client';
import type { ToolStep } from '../../db/schema';
import { argumentsValidator, toolHeaders, type ToolConfig, type ToolRow } from '../../tools/store';
import { runBuiltin } from './builtins';
import type { ToolContext } from './context';
import { callHttpTool, ToolError } from './httpTool';

/** The steps of one turn as they happen: the list, and each by its tool-call id. */
export class ToolSteps {
  readonly list: ToolStep[] = [];
  private readonly byId = new Map<string, ToolStep>();
  add(step: ToolStep) {
    this.list.push(step);
    if (step.tool_id) this.byId.set(step.tool_id, step);
    return step;
  }
  get(id: string) {
    return this.byId.get(id);
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
    let headers: Record<string, string>;
    try {
      headers = toolHeaders(row, ctx.secrets);
    } catch {
      throw new ToolError("The tool's headers cannot be read (the server's secret changed?)");
    }
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
  throw new ToolError(`Tools of type ${row.type} are not available on this server yet`);
}

/**
 * Runs a tool and records the step (tool, id, input, output, duration, error). A failure never
 * throws: the model gets 'Error: …' and can explain it.
 */
export async function runRecorded(
  row: ToolRow,
  args: unknown,
  toolId: string | null,
  ctx: ToolContext,
  steps: ToolSteps,
  signal?: AbortSignal,
): Promise<{ step: ToolStep; forModel: unknown }> {
  const started = performance.now();
  let output: unknown = null;
  let error: string | null = null;
  try {
    output = await runTool(row, args, ctx, signal);
  } catch (e) {
    error = toolErrorMessage(e);
    if (!(e instanceof ToolError))
      ctx.logger.warn({ err: e, tool: row.name, agent: ctx.agentName }, 'tool failed');
  }
  const step = steps.add({
    tool: row.name,
    tool_id: toolId,
    input: args ?? {},
    output,
    duration_ms: Math.round(performance.now() - started),
    error,
  });
  return { step, forModel: error ? `Error: ${error}` : (output ?? '') };
}

/** The AI SDK tool set of the agent's tools for one turn. */
export function toolSetFor(rows: ToolRow[], ctx: ToolContext, steps: ToolSteps): ToolSet {
  const set: ToolSet = {};
  for (const row of rows) {
    if (row.type === 'mcp') continue;
    const check = argumentsValidator(row.parameters);
    set[row.name] = tool<Record<string, unknown>, unknown>({
      description: row.description || undefined,
      inputSchema: jsonSchema<Record<string, unknown>>(row.parameters as never, {
        validate: (value) => {
          const result = check(value);
          return result.ok
            ? { success: true, value: value as Record<string, unknown> }
            : { success: false, error: new Error(result.message) };
        },
      }),
      execute: async (input, { toolCallId, abortSignal }) =>
        (await runRecorded(row, input, toolCallId, ctx, steps, abortSignal)).forModel,
    });
  }
  return set;
}

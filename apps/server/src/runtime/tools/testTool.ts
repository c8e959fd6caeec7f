import { isBuiltinToolType, type ToolTestResponse } from '@parley/api-client';
import type { Services } from '../../lib/env';
import type { AgentRow } from '../agentKeys';
import type { ToolRow } from '../../tools/store';
import { builtinDryRun } from './builtins';
import { runRecorded, ToolSteps } from './toolSet';

/**
 * 'Test tool': runs the tool once with sample arguments, as a turn would (the outbound guard,
 * the time and size limits, the secret headers), and answers its step. A built-in acts on a
 * conversation's person, and there is none here: it says what it would do and does nothing.
 */
export async function testTool(
  services: Pick<Services, 'db' | 'secrets' | 'logger' | 'env'>,
  agent: AgentRow,
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
        tool_id: null,
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

import { stepCountIs, streamText, type ModelMessage, type ToolSet } from 'ai';
import type { ToolStep } from '../db/schema';
import type { HistoryMessage, ModelOutcome, ProviderModel } from './modelStream';
import type { ToolSteps } from '../tools/toolSet';

/** What a turn with tools streams: answer text, a tool called, a tool's step done. */
export type TurnPart =
  | { type: 'text'; text: string }
  | { type: 'tool-call'; toolId: string; tool: string; input: unknown }
  | { type: 'tool-result'; step: ToolStep };

/**
 * The answer of a model that may call tools: at most `maxSteps` rounds of tool calls, then one
 * last call without tools so the model answers in words. Usage (summed over the calls) and the
 * finish reason land in `outcome`; a stream error in `outcome.streamError`.
 */
export async function* streamWithTools(
  model: ProviderModel,
  input: {
    system: string;
    history: HistoryMessage[];
    query: string;
    signal?: AbortSignal;
    tools: ToolSet;
    steps: ToolSteps;
    maxSteps: number;
  },
  outcome: ModelOutcome,
): AsyncGenerator<TurnPart, void, void> {
  const messages: ModelMessage[] = [
    ...input.history.map((m): ModelMessage =>
      m.role === 'assistant'
        ? { role: 'assistant', content: m.content }
        : { role: 'user', content: m.content },
    ),
    { role: 'user', content: input.query },
  ];
  const result = streamText({
    model,
    system: input.system,
    messages,
    tools: input.tools,
    maxRetries: 1,
    abortSignal: input.signal,
    stopWhen: stepCountIs(input.maxSteps + 1),
    // The last call may not call tools: the model answers with what it has.
    prepareStep: ({ stepNumber }) =>
      stepNumber >= input.maxSteps ? { toolChoice: 'none', activeTools: [] } : undefined,
  });
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-delta':
        if (part.text) yield { type: 'text', text: part.text };
        break;
      case 'tool-call':
        yield {
          type: 'tool-call',
          toolId: part.toolCallId,
          tool: part.toolName,
          input: part.input,
        };
        break;
      case 'tool-result': {
        const step = input.steps.get(part.toolCallId);
        if (step) yield { type: 'tool-result', step };
        break;
      }
      case 'tool-error': {
        // Arguments that do not fit the schema, or a tool the model made up: never executed.
        const step =
          input.steps.get(part.toolCallId) ??
          input.steps.add({
            tool: part.toolName,
            // A tool the model made up, or refused arguments: no tool of the agent ran.
            tool_id: null,
            call_id: part.toolCallId,
            input: part.input ?? null,
            output: null,
            duration_ms: 0,
            error: errorText(part.error),
          });
        yield { type: 'tool-result', step };
        break;
      }
      case 'finish':
        outcome.finishReason = part.finishReason;
        outcome.inputTokens = part.totalUsage.inputTokens ?? 0;
        outcome.outputTokens = part.totalUsage.outputTokens ?? 0;
        outcome.totalTokens = outcome.inputTokens + outcome.outputTokens;
        break;
      case 'error':
        outcome.streamError ??= part.error;
        break;
    }
  }
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500) || 'The tool call was refused';
}

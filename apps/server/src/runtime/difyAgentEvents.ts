import { sseEvent } from './eventStream';
import type { ToolStep } from '../db/schema';
import type { TurnPart } from './toolStream';

/** A value as the text Dify's agent_thought carries (tool_input, observation). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** What the model saw of a step: its output, or 'Error: …'. */
export const observationOf = (step: ToolStep) =>
  step.error ? `Error: ${step.error}` : asText(step.output);

/**
 * An Action Agent's answer as Dify's agent app streams it: each tool call as an `agent_thought`
 * (when called, observation '', and again with the same id and position when it answered), the
 * text as `agent_message` deltas. `ids` are the task, message and conversation ids of each event.
 */
export async function* difyAgentEvents(
  parts: AsyncIterable<TurnPart>,
  ids: Record<string, string>,
  createdAt: number,
): AsyncGenerator<Uint8Array, void> {
  const thoughts = new Map<string, { id: string; position: number; input: unknown }>();
  let position = 0;
  const thought = (
    t: { id: string; position: number },
    tool: string,
    input: unknown,
    observation: string,
    step?: ToolStep,
  ) =>
    sseEvent({
      event: 'agent_thought',
      id: t.id,
      task_id: ids.task_id,
      message_id: ids.message_id,
      conversation_id: ids.conversation_id,
      position: t.position,
      thought: '',
      observation,
      tool,
      tool_labels: {},
      tool_input: asText(input),
      message_files: [],
      created_at: createdAt,
      // Ours, beside Dify's fields: the step's time and failure once it answered.
      ...(step ? { duration_ms: step.duration_ms, error: step.error } : {}),
    });
  for await (const part of parts) {
    if (part.type === 'text') {
      yield sseEvent({ event: 'agent_message', ...ids, answer: part.text, created_at: createdAt });
    } else if (part.type === 'tool-call') {
      const t = { id: crypto.randomUUID(), position: ++position, input: part.input };
      thoughts.set(part.toolId, t);
      yield thought(t, part.tool, part.input, '');
    } else {
      const step = part.step;
      let t = step.call_id ? thoughts.get(step.call_id) : undefined;
      if (!t) t = { id: crypto.randomUUID(), position: ++position, input: step.input };
      yield thought(t, step.tool, step.input, observationOf(step), step);
    }
  }
}

/**
 * A stored answer's tool steps as Dify's `/v1/messages` lists them (`agent_thoughts`), in order;
 * the ids are stable (the message's id and the step's position).
 */
export function agentThoughtsOf(
  messageId: string,
  steps: readonly ToolStep[] | null | undefined,
  createdAt: number,
) {
  return (steps ?? []).map((step, i) => ({
    id: `${messageId}-${i + 1}`,
    message_id: messageId,
    position: i + 1,
    thought: '',
    tool: step.tool,
    tool_input: asText(step.input),
    observation: observationOf(step),
    created_at: createdAt,
  }));
}

import { generateText, jsonSchema, NoObjectGeneratedError, Output, type JSONSchema7 } from 'ai';
import { checklistItems, type OutcomePlan } from '@parley/api-client';
import type { ProviderModel } from '../runtime/modelStream';
import { modelFailureMessage } from '../runtime/model';
import { outcomeJsonSchema, readOutcome, type FilledOutcome } from './plan';

/** How an analysis asks the model: the time per call, and calls in all (one retry). */
export const fillLimits = {
  timeoutMs: 45_000,
  attempts: 2,
  /** The transcript's length the model reads at most: the start and the end of a long one. */
  transcriptChars: 48_000,
  /** The agent's own instructions shown for context, at most. */
  instructionsChars: 4000,
} as const;

/** One line of the conversation as the model reads it. */
export interface TranscriptLine {
  who: string;
  text: string;
}

/**
 * The conversation as text: one line a message (`Who: text`). A long one keeps its start (a
 * quarter of the room) and its end, saying how many messages were left out between.
 */
export function transcriptText(lines: readonly TranscriptLine[], max: number): string {
  const all = lines.map((l) => `${l.who}: ${l.text.replace(/\s*\n\s*/g, ' ').trim()}`);
  const total = all.reduce((n, l) => n + l.length + 1, 0);
  if (total <= max) return all.join('\n');
  const head: string[] = [];
  let used = 0;
  for (const line of all) {
    if (used + line.length + 1 > max / 4) break;
    head.push(line);
    used += line.length + 1;
  }
  const tail: string[] = [];
  used = 0;
  for (let i = all.length - 1; i >= head.length; i--) {
    const line = all[i]!;
    if (used + line.length + 1 > (max * 3) / 4) break;
    tail.unshift(line.slice(0, (max * 3) / 4));
    used += line.length + 1;
  }
  const left = all.length - head.length - tail.length;
  return [...head, `[… ${left} messages left out …]`, ...tail].join('\n');
}

/** What the model is told: the task, the plan in words, and the agent's own instructions. */
export function analysisInstructions(plan: OutcomePlan, agentInstructions: string | null): string {
  const parts = [
    "You read a finished conversation between a business's AI agent (and sometimes a person of its team) and someone who contacted it, and fill in the outcome the business asked for as JSON that fits the schema.",
    'Use only what the conversation shows. A field it does not tell is null; never guess.',
  ];
  if (plan.summary)
    parts.push('summary: two or three sentences: what the person wanted and what happened.');
  if (plan.success_type === 'pass_fail')
    parts.push(`success: true when these criteria were met, else false: ${plan.success_criteria}`);
  if (plan.success_type === 'score_1_10')
    parts.push(
      `success: a score from 1 (not at all) to 10 (fully) for how well these criteria were met: ${plan.success_criteria}`,
    );
  if (plan.success_type === 'checklist')
    parts.push(
      `success: for each item of this checklist, whether the conversation met it:\n${checklistItems(
        plan.success_criteria,
      )
        .map((item, i) => `c${i + 1}. ${item}`)
        .join('\n')}`,
    );
  if (plan.fields.length)
    parts.push(
      `fields:\n${plan.fields
        .map(
          (f) =>
            `- ${f.name} (${f.type === 'enum' ? `one of ${(f.enum ?? []).join(', ')}` : f.type})${f.description ? `: ${f.description}` : ''}`,
        )
        .join('\n')}`,
    );
  if (plan.tags.length) parts.push(`tags: those of this list that apply: ${plan.tags.join(', ')}`);
  const own = agentInstructions?.trim();
  if (own)
    parts.push(
      `For context, the agent's own instructions were:\n"""\n${own.slice(0, fillLimits.instructionsChars)}\n"""`,
    );
  return parts.join('\n\n');
}

export type FillResult = { ok: true; outcome: FilledOutcome } | { ok: false; reason: string };

/** Why a call failed, as the outcome's `reason` says it. */
function failureReason(error: unknown, model: string): string {
  if (NoObjectGeneratedError.isInstance(error)) {
    const cause = error.cause as { message?: string } | undefined;
    const why = /did not fit: (.*)$/.exec(cause?.message ?? '')?.[1];
    return `The model's answer did not fit the outcome plan (${why ?? 'it was not JSON of the outcome schema'})`;
  }
  const e = error as { name?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return `The model did not answer within ${fillLimits.timeoutMs / 1000} seconds`;
  return modelFailureMessage(error, model);
}

/**
 * Has the model fill the plan: the AI SDK's structured output (`generateText` with
 * `Output.object`) against the plan's JSON Schema — sent to OpenAI-compatible models as a
 * `json_schema` response_format — and the answer read with `readOutcome`. At most one retry
 * (a second call after any failure), each call bounded in time.
 */
export async function fillPlan(
  model: ProviderModel,
  input: {
    plan: OutcomePlan;
    transcript: string;
    agentInstructions: string | null;
    modelLabel: string;
    timeoutMs?: number;
  },
): Promise<FillResult> {
  const { plan } = input;
  const schema = jsonSchema<FilledOutcome>(outcomeJsonSchema(plan) as JSONSchema7, {
    validate: (value) => {
      const read = readOutcome(plan, value);
      return read.ok
        ? { success: true, value: read.value }
        : { success: false, error: new Error(`The answer did not fit: ${read.reason}`) };
    },
  });
  let last: unknown = null;
  for (let attempt = 1; attempt <= fillLimits.attempts; attempt++) {
    try {
      const result = await generateText({
        model,
        system: analysisInstructions(plan, input.agentInstructions),
        prompt: `The conversation:\n\n${input.transcript}`,
        output: Output.object({
          schema,
          name: 'outcome',
          description: 'The outcome of the conversation, as the business asked for it.',
        }),
        maxRetries: 0,
        timeout: input.timeoutMs ?? fillLimits.timeoutMs,
      });
      return { ok: true, outcome: result.output };
    } catch (error) {
      last = error;
    }
  }
  return { ok: false, reason: failureReason(last, input.modelLabel) };
}

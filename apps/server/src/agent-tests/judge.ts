import type { ExpectationResult } from '@parley/api-client';
import type { RuntimeDeps } from '../runtime/chat';
import type { AgentRow } from '../runtime/agentKeys';
import {
  agentModelChoice,
  languageModelFor,
  modelFailureMessage,
  providerEnvKeys,
  providerLabels,
} from '../runtime/model';
import { streamModelText, type ModelOutcome, type ProviderModel } from '../runtime/modelStream';

/** The model the agent's answers come from (its key, else a server-wide one it may use), or why none. */
export async function agentModel(
  deps: RuntimeDeps,
  agent: AgentRow,
): Promise<{ model: ProviderModel | null; missing: string }> {
  const choice = await agentModelChoice(deps, agent);
  return {
    model: languageModelFor(choice, deps.env),
    missing:
      `A judge expectation needs a model key: no ${providerLabels[choice.provider]} API key is configured for this agent, ` +
      `so nothing graded it. Add a key in the agent's Model settings (or set ${providerEnvKeys[choice.provider]} on the server).`,
  };
}

export const judgeInstructions = `You grade one answer of a chat agent against a criterion written by the agent's owner.
Read the conversation and the criterion. Reply with JSON only, no other text:
{"passed": true or false, "reasoning": "one or two sentences saying why"}`;

/** The grader's reply → its verdict; anything else is reported as unreadable. */
export function parseVerdict(text: string): { passed: boolean; reasoning: string } | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) {
    try {
      const parsed = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
      if (typeof parsed.passed === 'boolean')
        return {
          passed: parsed.passed,
          reasoning: typeof parsed.reasoning === 'string' ? parsed.reasoning.trim() : '',
        };
    } catch {
      // Not JSON: the loose reading below.
    }
  }
  const loose = /"?passed"?\s*[:=]\s*(true|false)/i.exec(text);
  return loose ? { passed: loose[1]!.toLowerCase() === 'true', reasoning: text.trim() } : null;
}

/** A plain-language criterion graded by the agent's model; its reasoning is kept. */
export async function judgeAnswer(
  model: ProviderModel,
  input: {
    criterion: string;
    transcript: Array<{ user: string; answer: string }>;
    signal?: AbortSignal;
  },
): Promise<Pick<ExpectationResult, 'passed' | 'detail' | 'reasoning'>> {
  const conversation = input.transcript
    .map((t) => `User: ${t.user}\nAgent: ${t.answer}`)
    .join('\n\n');
  const query = `Conversation (the last agent answer is the one to grade):\n\n${conversation}\n\nCriterion: ${input.criterion}`;
  const outcome: ModelOutcome = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  let text = '';
  try {
    for await (const delta of streamModelText(
      model,
      { system: judgeInstructions, history: [], query, signal: input.signal },
      outcome,
    ))
      text += delta;
    if (outcome.streamError) throw outcome.streamError;
  } catch (error) {
    return {
      passed: false,
      detail: `The judge could not grade: ${modelFailureMessage(error)}`,
      reasoning: null,
    };
  }
  const verdict = parseVerdict(text);
  if (!verdict)
    return {
      passed: false,
      detail: `The judge's reply could not be read as a verdict: “${text.slice(0, 200)}”`,
      reasoning: null,
    };
  return {
    passed: verdict.passed,
    detail: verdict.passed
      ? 'The judge found the criterion met'
      : 'The judge found the criterion not met',
    reasoning: verdict.reasoning,
  };
}

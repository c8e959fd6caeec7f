import type { ExpectationResult, ToolStep, TurnResult } from '@parley/api-client';
import type { RE2JS } from 're2js';
import { compileWrittenPattern } from '../lib/patterns';

/** What a turn left to check: the answer, the passages given to the model, the tool calls. */
export interface TurnEvidence {
  answer: string;
  sources: TurnResult['sources'];
  toolSteps: ToolStep[];
  /** The turn ended the call (end_call or transfer_call asked for it). */
  endedCall?: boolean;
}

type Outcome = Pick<ExpectationResult, 'passed' | 'detail'>;

const quote = (s: string, max = 80) => `“${s.length > max ? `${s.slice(0, max)}…` : s}”`;

/** The answer holds the text (case-insensitive). */
export function checkContains(answer: string, value: string): Outcome {
  const passed = answer.toLowerCase().includes(value.toLowerCase());
  return {
    passed,
    detail: passed
      ? `The answer contains ${quote(value)}`
      : `The answer does not contain ${quote(value)}`,
  };
}

/** The answer does not hold the text (case-insensitive). */
export function checkNotContains(answer: string, value: string): Outcome {
  const found = answer.toLowerCase().includes(value.toLowerCase());
  return {
    passed: !found,
    detail: found
      ? `The answer contains ${quote(value)}, which it must not`
      : `The answer does not contain ${quote(value)}`,
  };
}

/**
 * The answer matches the regular expression (as written, or `/pattern/flags`), in the linear-time
 * engine (lib/patterns.ts): a pattern cannot hold the server however long the answer.
 */
export function checkRegex(answer: string, value: string): Outcome {
  let pattern: RE2JS;
  try {
    pattern = compileWrittenPattern(value);
  } catch (error) {
    return {
      passed: false,
      detail: `Not a usable regular expression: ${(error as Error).message}`,
    };
  }
  const match = pattern.exec(answer);
  return match
    ? { passed: true, detail: `The answer matches ${value} (${quote(String(match[0]), 60)})` }
    : { passed: false, detail: `The answer does not match ${value}` };
}

/**
 * The answer drew on a knowledge base or a document: a passage of it (named by the base's id, the
 * document's id or the document's name) was retrieved for this turn and given to the model.
 */
export function checkUsesKnowledge(sources: TurnEvidence['sources'], value: string): Outcome {
  const want = value.trim().toLowerCase();
  const hit = sources.find(
    (s) =>
      s.knowledge_base_id?.toLowerCase() === want ||
      s.document_id.toLowerCase() === want ||
      s.document_name.toLowerCase() === want,
  );
  if (hit) return { passed: true, detail: `The answer drew on ${quote(hit.document_name)}` };
  if (!sources.length)
    return { passed: false, detail: 'No knowledge-base passage was retrieved for this turn' };
  const names = [...new Set(sources.map((s) => s.document_name))].slice(0, 4).map((n) => quote(n));
  return {
    passed: false,
    detail: `No passage of ${quote(value)} was retrieved (the answer drew on ${names.join(', ')})`,
  };
}

/** Every given argument equals the call's (JSON-equal); other arguments may be there too. */
function argumentsMatch(input: unknown, wanted: Record<string, unknown>): boolean {
  if (!input || typeof input !== 'object') return Object.keys(wanted).length === 0;
  const given = input as Record<string, unknown>;
  return Object.entries(wanted).every(([k, v]) => JSON.stringify(given[k]) === JSON.stringify(v));
}

/** The agent called the tool (by its name or id), with the given arguments when there are any. */
export function checkCallsTool(
  steps: ToolStep[],
  value: string,
  args?: Record<string, unknown>,
): Outcome {
  const calls = steps.filter((s) => s.tool === value || s.tool_id === value);
  if (!calls.length) {
    const called = [...new Set(steps.map((s) => s.tool))];
    return {
      passed: false,
      detail: called.length
        ? `The agent did not call ${quote(value)} (it called ${called.map((c) => quote(c)).join(', ')})`
        : `The agent did not call ${quote(value)} (it called no tool)`,
    };
  }
  if (args && Object.keys(args).length) {
    const match = calls.find((s) => argumentsMatch(s.input, args));
    if (!match)
      return {
        passed: false,
        detail: `The agent called ${quote(value)} but not with ${JSON.stringify(args)} (it sent ${JSON.stringify(calls[0]!.input)})`,
      };
  }
  return { passed: true, detail: `The agent called ${quote(value)}` };
}

/** Tool mocks (by tool id) that no tool call of the run matched. */
export function unmatchedMocks(mockIds: string[], steps: ToolStep[]): string[] {
  return mockIds.filter(
    (id) => !steps.some((s) => s.mocked === id || s.tool_id === id || s.tool === id),
  );
}

/** `yes`: the turn ended the call (its end_call or transfer_call tool); `no`: it did not. */
export function checkEndsCall(ended: boolean | undefined, value: string): Outcome {
  const want = value.trim().toLowerCase() !== 'no';
  if (ended)
    return want
      ? { passed: true, detail: 'The turn ended the call' }
      : { passed: false, detail: 'The turn ended the call, which it must not' };
  return want
    ? { passed: false, detail: 'The turn did not end the call' }
    : { passed: true, detail: 'The turn did not end the call' };
}

import {
  type TestRunBudget,
  type TestRunEstimate,
  agentTestInputSchema,
  expectationLabels,
  toValidationError,
  type AgentTest,
  type AgentTestInput,
  type ExpectationChange,
  type ExpectationType,
  type TestRun,
} from '@parley/api-client';

/** The Tests section's words. */
export const testsTexts = {
  heading: 'Tests',
  intro:
    'Scripted conversations with expectations, run through this agent’s current settings (the offline responder when there is no model key).',
  newTest: 'New test',
  runAll: 'Run all',
  running: 'Running…',
  runByVoice: 'Run by voice',
  runningByVoice: 'Running by voice…',
  voiceHint:
    'Run by voice sends the same script through the local speech pipeline: each user line is spoken (espeak-ng) and transcribed, the agent answers what was heard, and its answer is voiced.',
  lastRunByVoice: 'Last run by voice',
  speechMissingTitle: 'The voice run could not speak',
  scripted: 'Scripted',
  heard: 'Heard',
  empty: 'No tests yet',
  emptyHint: 'Write a short conversation and what each answer must (or must not) say.',
  loading: 'Loading tests...',
  loadFailed: 'Failed to load tests',
  retry: 'Retry',
  gate: 'Tests must pass to publish',
  gateHint: 'Publish Agent runs every test first and is refused when one fails.',
  edit: 'Edit',
  delete: 'Delete',
  run: 'Run',
  passed: 'Passed',
  failed: 'Failed',
  notRun: 'Not run',
  refusedRun: 'Run before publishing (publishing was refused)',
  lastRun: 'Last run',
  noRunYet: 'Tests not run yet',
  fromConversation: 'Make a test',
  makingTest: 'Making a test...',
  makeTestFailed: 'The test could not be made',
  testMade: (name: string) => `Test made: ${name}`,
  openTests: 'Open the agent’s tests',
  testMadeHint:
    "It is in the agent's Tests section: the user turns of this conversation, with the agent's answers as judge criteria to edit.",
} as const;

export const expectationTypeItems = (
  Object.entries(expectationLabels) as Array<[ExpectationType, string]>
).map(([value, label]) => ({ value, label }));

/** Placeholder of an expectation's value, by type. */
export const expectationHints: Record<ExpectationType, string> = {
  contains: 'Text the answer must contain',
  not_contains: 'Text the answer must not contain',
  regex: 'A pattern, e.g. /open (at|from) 9/i',
  uses_knowledge: 'A knowledge base id, a document id or a document name',
  judge: 'A criterion in plain words, graded by the agent’s model',
  calls_tool: 'The tool’s name or id',
  ends_call: 'yes (the agent ends the call) or no',
};

export interface ExpectationDraft {
  type: ExpectationType;
  value: string;
}
export interface TurnDraft {
  user: string;
  expect: ExpectationDraft[];
}
export interface TestDraft {
  name: string;
  turns: TurnDraft[];
  repetitions: number;
  /** `name=value`, one a line. */
  variables: string;
}

export function emptyDraft(): TestDraft {
  return {
    name: '',
    turns: [{ user: '', expect: [{ type: 'contains', value: '' }] }],
    repetitions: 1,
    variables: '',
  };
}

export function draftFromTest(test: AgentTest): TestDraft {
  return {
    name: test.name,
    turns: test.turns.map((t) => ({
      user: t.user,
      expect: t.expect.map((e) => ({ type: e.type, value: e.value })),
    })),
    repetitions: test.repetitions,
    variables: Object.entries(test.variables)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  };
}

/** `name=value` lines → variables (blank lines skipped; a line without '=' is an error). */
export function parseVariables(text: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.indexOf('=');
    if (at <= 0) return `variables: line ${i + 1} is not name=value`;
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** The request body of a draft, or the first problem as the server would name it. */
export function draftToInput(
  draft: TestDraft,
  keep: Pick<AgentTestInput, 'tool_mocks'> = {},
): { input: AgentTestInput } | { error: string } {
  const variables = parseVariables(draft.variables);
  if (typeof variables === 'string') return { error: variables };
  const input: AgentTestInput = {
    name: draft.name,
    turns: draft.turns,
    repetitions: draft.repetitions,
    variables,
    ...keep,
  };
  const parsed = agentTestInputSchema.safeParse(input);
  if (!parsed.success) return { error: toValidationError(parsed.error).error };
  return { input };
}

/** '3 of 4 passed' (or the error of a run that stopped). */
export function runSummary(run: TestRun): string {
  if (run.status === 'error') return `The run stopped: ${run.error ?? 'unknown error'}`;
  if (run.status === 'queued' || run.status === 'running')
    return `Running… ${run.done} of ${run.total} tests done`;
  return `${run.passed_count} of ${run.total} passed`;
}

/** Shown beside Publish: the last run's outcome. */
export function lastRunNote(run: TestRun | null): string {
  if (!run) return testsTexts.noRunYet;
  if (run.status === 'passed') return `Tests: all ${run.total} passed`;
  if (run.status === 'error') return 'Tests: the last run stopped';
  return `Tests: ${run.failed_count} of ${run.total} failing`;
}

const outcome = (passed: boolean | null) =>
  passed === null ? 'new' : passed ? 'passed' : 'failed';

/** 'Turn 1 · Contains “9”: passed → failed'. */
export function changeText(change: ExpectationChange): string {
  const label = expectationLabels[change.type as ExpectationType] ?? change.type;
  return `Turn ${change.turn + 1} · ${label} “${change.value}”: ${outcome(change.was)} → ${outcome(change.now)}`;
}

/** The pass rate as a percentage ('67%'). */
export function passRateText(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** The publish refusal of the last run, when the gate refused publishing. */
export function refusalOf(run: TestRun | null, gateOn: boolean): string[] | null {
  if (!gateOn || !run || run.trigger !== 'publish' || run.status === 'passed') return null;
  return run.results.filter((r) => !r.passed).map((r) => r.name);
}

const n = (x: number) => x.toLocaleString('en-US');

/**
 * What 'Run all' will cost, shown before it starts: the run's estimated model calls (the server's
 * own `estimateTestRun`) against what is left of the organization's test budget; `over` when the
 * server would refuse it (409), with the reason to show beside the disabled button.
 */
export function runCostText(
  estimate: TestRunEstimate,
  budget: TestRunBudget | null | undefined,
): { text: string; over: boolean } {
  const parts = `${n(estimate.turns)} turn${estimate.turns === 1 ? '' : 's'}${estimate.judges ? `, ${n(estimate.judges)} judge check${estimate.judges === 1 ? '' : 's'}` : ''}`;
  const head = `Run all: about ${n(estimate.model_calls)} model call${estimate.model_calls === 1 ? '' : 's'} (${parts})`;
  if (!budget) return { text: `${head}.`, over: false };
  const left = Math.max(0, budget.model_calls_limit - budget.model_calls_used);
  const of = `${n(left)} of ${n(budget.model_calls_limit)} left in this organization's ${budget.window_hours}-hour test budget`;
  return estimate.model_calls > left
    ? {
        text: `${head}: more than is left (${of}). Run fewer tests or repetitions, or try later.`,
        over: true,
      }
    : { text: `${head} · ${of}.`, over: false };
}

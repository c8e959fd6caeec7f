import { z } from 'zod';
import { agentVersionLabelSchema, controlCharacters, controlCharactersMessage } from './common';
import { toolStepSchema, type ToolStepWire } from './tools';

/**
 * Agent test suites (issue 30): scripted conversations with expectations, run through the same
 * runtime as chat, under /api/agents/{agentName}/tests.
 */

/**
 * Expectation types a turn can carry. `ends_call` (value `yes` or `no`): the agent's turn ended
 * the call (its end_call or transfer_call tool); a test that checks it runs its turns as a call.
 */
export const expectationTypes = [
  'contains',
  'not_contains',
  'regex',
  'uses_knowledge',
  'judge',
  'calls_tool',
  'ends_call',
] as const;
export type ExpectationType = (typeof expectationTypes)[number];

export const expectationLabels: Record<ExpectationType, string> = {
  contains: 'Contains',
  not_contains: 'Does not contain',
  regex: 'Matches regex',
  uses_knowledge: 'Uses knowledge',
  judge: 'Judge (model-graded)',
  calls_tool: 'Calls tool',
  ends_call: 'Ends the call',
};

const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !controlCharacters.test(v), controlCharactersMessage);

const typeSchema = z.enum(expectationTypes, {
  error: `must be one of ${expectationTypes.join(', ')}`,
});

export const expectationSchema = z
  .object({
    type: typeSchema,
    value: text(2000).refine((v) => v.trim() !== '', 'is required'),
    /** calls_tool only: arguments the call must carry (each given key equal). */
    arguments: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.type === 'regex') {
      try {
        new RegExp(e.value);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `is not a valid regular expression (${(error as Error).message})`,
        });
      }
    }
    if (e.type === 'ends_call' && !/^(yes|no)$/i.test(e.value.trim()))
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'must be yes (the turn ends the call) or no',
      });
    if (e.arguments !== undefined && e.type !== 'calls_tool')
      ctx.addIssue({
        code: 'custom',
        path: ['arguments'],
        message: 'only a calls_tool expectation takes arguments',
      });
  });
export type Expectation = z.output<typeof expectationSchema>;

export const testTurnSchema = z.object({
  user: text(4000).refine((v) => v.trim() !== '', 'is required'),
  expect: z.array(expectationSchema).max(20, 'at most 20 expectations per turn').default([]),
});
export type TestTurn = z.output<typeof testTurnSchema>;

export const toolMockSchema = z.object({
  tool_id: text(200).refine((v) => v.trim() !== '', 'is required'),
  output: z.unknown(),
});
export type ToolMock = z.infer<typeof toolMockSchema>;

const variableName = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * The cost ceiling of an agent's tests (docs/agent-tests.md, "Caps and the budget"), enforced when
 * a test is saved (400 naming the field): at most `tests` tests per agent, `turns` turns per test,
 * `repetitions` repetitions per test, and `judgesPerRun` model-graded checks in one run of all the
 * agent's tests (each judge expectation × its test's repetitions). With every cap full one 'Run
 * all' makes at most 50 × 20 × 10 + 200 = 10,200 model calls; the organization's budget
 * (PARLEY_TEST_RUN_BUDGET) bounds what its runs make in a day.
 */
export const agentTestCaps = {
  tests: 50,
  turns: 20,
  repetitions: 10,
  judgesPerRun: 200,
} as const;

/** What one run of these tests is estimated to cost, in model calls. */
export interface TestRunEstimate {
  /** Agent turns: each is one model call (a turn that calls tools makes a few more). */
  turns: number;
  /** Judge expectations graded: one model call each. */
  judges: number;
  /** turns + judges. */
  model_calls: number;
}

/**
 * A run's estimated model calls: every turn of every test, and every judge expectation, times the
 * test's repetitions (the server refuses a run above the budget with this same figure; the console
 * shows it before 'Run all').
 */
export function estimateTestRun(
  tests: ReadonlyArray<{
    turns: ReadonlyArray<{ expect?: ReadonlyArray<{ type: string }> }>;
    repetitions?: number;
  }>,
): TestRunEstimate {
  let turns = 0;
  let judges = 0;
  for (const test of tests) {
    const reps = test.repetitions ?? 1;
    turns += test.turns.length * reps;
    judges +=
      test.turns.reduce(
        (n, t) => n + (t.expect ?? []).filter((e) => e.type === 'judge').length,
        0,
      ) * reps;
  }
  return { turns, judges, model_calls: turns + judges };
}

/** What a person writes: POST and PUT bodies. */
export const agentTestInputSchema = z.object({
  name: text(200).refine((v) => v.trim() !== '', 'is required'),
  turns: z
    .array(testTurnSchema)
    .min(1, 'a test needs at least one turn')
    .max(agentTestCaps.turns, `at most ${agentTestCaps.turns} turns`),
  /** `{{name}}` in a user turn or an expectation is replaced by the value. */
  variables: z
    .record(z.string(), text(2000))
    .refine((v) => Object.keys(v).every((k) => variableName.test(k)), {
      message: 'names are letters, digits and _ (not starting with a digit)',
    })
    .refine((v) => Object.keys(v).length <= 50, 'at most 50 variables')
    .default({}),
  tool_mocks: z.array(toolMockSchema).max(20, 'at most 20 tool mocks').default([]),
  /** Each run repeats the test this many times (models are not deterministic): a pass rate. */
  repetitions: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(agentTestCaps.repetitions, `must be at most ${agentTestCaps.repetitions}`)
    .default(1),
});
export type AgentTestInput = z.input<typeof agentTestInputSchema>;

export const agentTestSchema = z.object({
  id: z.string(),
  name: z.string(),
  turns: z.array(testTurnSchema),
  variables: z.record(z.string(), z.string()).default({}),
  tool_mocks: z.array(toolMockSchema).default([]),
  repetitions: z.number().default(1),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AgentTest = z.output<typeof agentTestSchema>;

export const expectationResultSchema = z.object({
  type: z.string(),
  value: z.string(),
  passed: z.boolean(),
  /** What was checked and what was found, in words. */
  detail: z.string(),
  /** The judge's reasoning (judge only). */
  reasoning: z.string().nullable().optional(),
});
export type ExpectationResult = z.output<typeof expectationResultSchema>;

// A tool step as the runtime records it: the tools contract's (schemas/tools.ts).
export type ToolStep = ToolStepWire;

export const turnResultSchema = z.object({
  /** The scripted user line, its variables filled (a voice run's agent answered `heard`). */
  user: z.string(),
  answer: z.string(),
  passed: z.boolean(),
  /** From sending the turn to the whole answer (ms). */
  latency_ms: z.number(),
  /** The offline responder answered (no model key). */
  offline: z.boolean(),
  error: z.string().nullable(),
  expectations: z.array(expectationResultSchema),
  /** The knowledge-base passages given to the model for this turn. */
  sources: z
    .array(
      z.object({
        document_id: z.string(),
        document_name: z.string(),
        knowledge_base_id: z.string().nullable(),
      }),
    )
    .default([]),
  tool_steps: z.array(toolStepSchema).default([]),
  /** The turn ended the call (end_call or transfer_call). */
  ended_call: z.boolean().optional(),
  /**
   * Voice runs: what the transcriber heard of the user's line (spoken by espeak-ng), which the
   * agent answered, and the seconds of the answer's voice.
   */
  heard: z.string().nullable().optional(),
  voice_seconds: z.number().nullable().optional(),
});
export type TurnResult = z.output<typeof turnResultSchema>;

/** An expectation whose outcome differs from the last run of the same test. */
export const expectationChangeSchema = z.object({
  turn: z.number(),
  type: z.string(),
  value: z.string(),
  /** null: the expectation was not in the last run. */
  was: z.boolean().nullable(),
  now: z.boolean(),
});
export type ExpectationChange = z.output<typeof expectationChangeSchema>;

export const testResultSchema = z.object({
  test_id: z.string(),
  name: z.string(),
  passed: z.boolean(),
  /** Passing repetitions / repetitions. */
  pass_rate: z.number(),
  repetitions: z.number(),
  /** The transcript of the first failing repetition (else the last). */
  turns: z.array(turnResultSchema),
  /** Mocked tool ids no tool call of the run matched. */
  unmatched_mocks: z.array(z.string()).default([]),
  /** Against the last run of this test; null when it never ran before. */
  previous_run_id: z.string().nullable().default(null),
  changes: z.array(expectationChangeSchema).default([]),
});
export type TestResult = z.output<typeof testResultSchema>;

export const testRunStatuses = ['queued', 'running', 'passed', 'failed', 'error'] as const;
export type TestRunStatus = (typeof testRunStatuses)[number];

export const testRunSchema = z.object({
  id: z.string(),
  status: z.enum(testRunStatuses),
  /** What started it: a person ('manual') or the publish gate ('publish'). */
  trigger: z.enum(['manual', 'publish']),
  /** The script went through the local speech pipeline (text → espeak-ng → pocketsphinx → agent → voice). */
  voice: z.boolean().optional(),
  /** The agent version it ran against: 'draft', a published version's number (null: before versions). */
  agent_version: agentVersionLabelSchema.nullable().optional(),
  /** Tests to run and tests done (progress). */
  total: z.number(),
  done: z.number(),
  passed_count: z.number(),
  failed_count: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  results: z.array(testResultSchema),
});
export type TestRun = z.output<typeof testRunSchema>;

/**
 * The organization's test-run budget: model calls its runs may make in a rolling window
 * (PARLEY_TEST_RUN_BUDGET per 24 hours), and what its runs of that window were estimated to make.
 */
export const testRunBudgetSchema = z.object({
  model_calls_limit: z.number(),
  model_calls_used: z.number(),
  window_hours: z.number(),
});
export type TestRunBudget = z.output<typeof testRunBudgetSchema>;

export const agentTestsListSchema = z.object({
  tests: z.array(agentTestSchema),
  tests_must_pass: z.boolean(),
  /** The newest finished run (shown beside Publish). */
  last_run: testRunSchema.nullable(),
  /** The organization's budget now (the console shows a run's estimate against it). */
  budget: testRunBudgetSchema.optional(),
});
export type AgentTestsList = z.output<typeof agentTestsListSchema>;

/**
 * A voice run's turn error when the server lacks espeak-ng or pocketsphinx: it names the apt-get
 * line that installs them (the console shows it as it is).
 */
export const speechToolsMissingMessage =
  'Voice run: the local speech tools are missing on this server (espeak-ng, pocketsphinx): install them with apt-get install espeak-ng pocketsphinx pocketsphinx-en-us';

export const testRunRequestSchema = z.object({
  test_ids: z.array(z.uuid('must be test ids')).max(200, 'at most 200 tests').optional(),
  /**
   * Voice agents: send the script through the local speech pipeline (each user line spoken with
   * espeak-ng and transcribed with pocketsphinx, the agent answers what was heard, its answer
   * voiced); the same expectations are checked. Runs in the background.
   */
  voice: z.boolean({ error: 'must be true or false' }).optional(),
  /** Run against the draft (default) or the live version every channel serves. */
  version: z.enum(['draft', 'live'], { error: "must be 'draft' or 'live'" }).optional(),
});
export type TestRunRequest = z.input<typeof testRunRequestSchema>;

export const testRunsListSchema = z.object({ runs: z.array(testRunSchema) });

export const testSettingsSchema = z.object({
  tests_must_pass: z.boolean({ error: 'must be true or false' }),
});
export type TestSettings = z.output<typeof testSettingsSchema>;

export const testFromConversationRequestSchema = z.object({
  conversation_id: z.uuid('must be a conversation id'),
  name: text(200).optional(),
});

/** The publish call's 409 when 'Tests must pass to publish' is on and tests fail. */
export const publishRefusalSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  failing_tests: z.array(z.object({ test_id: z.string(), name: z.string() })),
  run_id: z.string(),
});
export type PublishRefusal = z.output<typeof publishRefusalSchema>;

/** Replaces `{{name}}` with the test's variables (unknown names stay as written). */
export function fillVariables(template: string, variables: Record<string, string>): string {
  return template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(variables, name) ? variables[name]! : whole,
  );
}

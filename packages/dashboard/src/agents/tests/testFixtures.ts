import { speechToolsMissingMessage, type AgentTest, type TestRun } from '@parley/api-client';

/** Story and test fixtures of the Tests section (shapes from the contract). */
export const fixtureTests: AgentTest[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Knows the opening hours',
    turns: [
      {
        user: 'When do you open on Monday?',
        expect: [
          { type: 'contains', value: '9' },
          { type: 'judge', value: 'Gives the opening time politely' },
        ],
      },
    ],
    variables: {},
    tool_mocks: [],
    repetitions: 1,
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:00:00.000Z',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Never quotes prices',
    turns: [
      { user: 'How much is a cleaning?', expect: [{ type: 'not_contains', value: '$' }] },
      { user: 'Roughly?', expect: [{ type: 'regex', value: '/call|front desk/i' }] },
    ],
    variables: {},
    tool_mocks: [],
    repetitions: 3,
    created_at: '2026-11-25T10:01:00.000Z',
    updated_at: '2026-11-25T10:01:00.000Z',
  },
];

type TestResult = TestRun['results'][number];

/** A test's result that passed once, with no mock missed and no change since the last run. */
export const passedResult = (
  over: Pick<TestResult, 'test_id' | 'name'> & Partial<TestResult>,
): TestResult => ({
  passed: true,
  pass_rate: 1,
  repetitions: 1,
  unmatched_mocks: [],
  previous_run_id: null,
  changes: [],
  turns: [],
  ...over,
});

export const fixtureFailedRun: TestRun = {
  id: '33333333-3333-4333-8333-333333333333',
  status: 'failed',
  trigger: 'manual',
  total: 2,
  done: 2,
  passed_count: 1,
  failed_count: 1,
  error: null,
  created_at: '2026-11-26T01:00:00.000Z',
  finished_at: '2026-11-26T01:00:04.000Z',
  results: [
    passedResult({
      test_id: fixtureTests[0]!.id,
      name: fixtureTests[0]!.name,
      turns: [
        {
          user: 'When do you open on Monday?',
          answer: 'We open at 9:00 on Monday. See you then!',
          passed: true,
          latency_ms: 812,
          offline: false,
          error: null,
          sources: [],
          tool_steps: [],
          expectations: [
            { type: 'contains', value: '9', passed: true, detail: 'The answer contains “9”' },
            {
              type: 'judge',
              value: 'Gives the opening time politely',
              passed: true,
              detail: 'The judge found the criterion met',
              reasoning: 'It names 9:00 and closes with a friendly line.',
            },
          ],
        },
      ],
    }),
    {
      test_id: fixtureTests[1]!.id,
      name: fixtureTests[1]!.name,
      passed: false,
      pass_rate: 2 / 3,
      repetitions: 3,
      unmatched_mocks: [],
      previous_run_id: '44444444-4444-4444-8444-444444444444',
      changes: [{ turn: 0, type: 'not_contains', value: '$', was: true, now: false }],
      turns: [
        {
          user: 'How much is a cleaning?',
          answer: 'A cleaning is $120.',
          passed: false,
          latency_ms: 640,
          offline: false,
          error: null,
          sources: [],
          tool_steps: [],
          expectations: [
            {
              type: 'not_contains',
              value: '$',
              passed: false,
              detail: 'The answer contains “$”, which it must not',
            },
          ],
        },
        {
          user: 'Roughly?',
          answer: 'Please call the front desk for a quote.',
          passed: true,
          latency_ms: 590,
          offline: false,
          error: null,
          sources: [],
          tool_steps: [],
          expectations: [
            {
              type: 'regex',
              value: '/call|front desk/i',
              passed: true,
              detail: 'The answer matches /call|front desk/i (“call”)',
            },
          ],
        },
      ],
    },
  ],
};

export const fixturePassedRun: TestRun = {
  ...fixtureFailedRun,
  id: '55555555-5555-4555-8555-555555555555',
  status: 'passed',
  passed_count: 2,
  failed_count: 0,
  results: fixtureFailedRun.results.map((r) => ({
    ...r,
    passed: true,
    pass_rate: 1,
    changes: r.changes.map((c) => ({ ...c, was: false, now: true })),
  })),
};

export const fixtureRunningRun: TestRun = {
  ...fixtureFailedRun,
  id: '66666666-6666-4666-8666-666666666666',
  status: 'running',
  done: 1,
  passed_count: 1,
  failed_count: 0,
  finished_at: null,
  results: fixtureFailedRun.results.slice(0, 1),
};

export const fixtureRefusedRun: TestRun = { ...fixtureFailedRun, trigger: 'publish' };

/** A finished voice run ('Run by voice'): what was heard beside the script, voice seconds, call ended. */
export const fixtureVoiceRun: TestRun = {
  ...fixtureFailedRun,
  id: '77777777-7777-4777-8777-777777777777',
  voice: true,
  status: 'passed',
  total: 1,
  passed_count: 1,
  failed_count: 0,
  results: [
    passedResult({
      test_id: fixtureTests[0]!.id,
      name: 'Hangs up on goodbye',
      turns: [
        {
          user: 'What are your opening hours?',
          heard: 'what are your opening hours',
          answer: 'We are open from 9 to 5, Monday to Friday.',
          passed: true,
          latency_ms: 1840,
          offline: false,
          error: null,
          sources: [],
          tool_steps: [],
          ended_call: false,
          voice_seconds: 2.64,
          expectations: [
            {
              type: 'ends_call',
              value: 'no',
              passed: true,
              detail: 'The turn did not end the call',
            },
          ],
        },
        {
          user: 'Thank you, goodbye!',
          heard: 'thank you goodbye',
          answer: 'Goodbye!',
          passed: true,
          latency_ms: 1210,
          offline: false,
          error: null,
          sources: [],
          tool_steps: [],
          ended_call: true,
          voice_seconds: 0.71,
          expectations: [
            { type: 'ends_call', value: 'yes', passed: true, detail: 'The turn ended the call' },
          ],
        },
      ],
    }),
  ],
};

/** A voice run going on in the background. */
export const fixtureVoiceRunning: TestRun = {
  ...fixtureVoiceRun,
  id: '88888888-8888-4888-8888-888888888888',
  status: 'running',
  done: 0,
  passed_count: 0,
  finished_at: null,
  results: [],
};

/** A voice run on a server without espeak-ng or pocketsphinx: the server's words name apt-get. */
export const fixtureSpeechMissingRun: TestRun = {
  ...fixtureVoiceRun,
  id: '99999999-9999-4999-8999-999999999999',
  status: 'failed',
  passed_count: 0,
  failed_count: 1,
  results: [
    {
      ...fixtureVoiceRun.results[0]!,
      passed: false,
      pass_rate: 0,
      turns: [
        {
          user: 'What are your opening hours?',
          heard: null,
          answer: '',
          passed: false,
          latency_ms: 3,
          offline: false,
          error: speechToolsMissingMessage,
          sources: [],
          tool_steps: [],
          ended_call: false,
          voice_seconds: null,
          expectations: [
            {
              type: 'ends_call',
              value: 'no',
              passed: false,
              detail: `The agent did not answer: ${speechToolsMissingMessage}`,
            },
          ],
        },
      ],
    },
  ],
};

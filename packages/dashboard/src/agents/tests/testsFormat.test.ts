import { describe, expect, it } from 'vitest';
import type { TestRun } from '@parley/api-client';
import {
  changeText,
  draftToInput,
  emptyDraft,
  lastRunNote,
  parseVariables,
  passRateText,
  refusalOf,
  runCostText,
  runSummary,
} from './testsFormat';
import {
  fixtureFailedRun,
  fixtureSpeechMissingRun,
  fixtureVoiceRun,
  passedResult,
} from './testFixtures';
import { agentTestsHref } from './testsLink';
import { agentHasVoice, speechToolsMissingOf, voiceTurnFacts } from './voiceRun';

const run = (over: Partial<TestRun> = {}): TestRun => ({
  ...fixtureFailedRun,
  id: 'r1',
  created_at: '2026-11-26T00:00:00.000Z',
  finished_at: '2026-11-26T00:00:01.000Z',
  results: [
    passedResult({ test_id: 'a', name: 'Good' }),
    passedResult({ test_id: 'b', name: 'Bad', passed: false, pass_rate: 0 }),
  ],
  ...over,
});

describe('draftToInput', () => {
  it('a blank draft names its first problem as the server does', () => {
    expect(draftToInput(emptyDraft())).toEqual({ error: 'name: is required' });
    expect(draftToInput({ ...emptyDraft(), name: 'T' })).toEqual({
      error: 'turns.0.user: is required',
    });
  });
  it('a complete draft becomes the request body, with its variables', () => {
    const draft = {
      name: 'Hours',
      turns: [{ user: 'Open on {{day}}?', expect: [{ type: 'contains' as const, value: '9' }] }],
      repetitions: 2,
      variables: 'day = Monday\n\n',
    };
    expect(draftToInput(draft)).toEqual({
      input: { name: 'Hours', turns: draft.turns, repetitions: 2, variables: { day: 'Monday' } },
    });
    expect(parseVariables('oops')).toBe('variables: line 1 is not name=value');
  });
});

describe('run texts', () => {
  it('summaries, the note beside Publish, pass rates and changes', () => {
    expect(runSummary(run())).toBe('1 of 2 passed');
    expect(runSummary(run({ status: 'running', done: 1 }))).toBe('Running… 1 of 2 tests done');
    expect(runSummary(run({ status: 'error', error: 'boom' }))).toBe('The run stopped: boom');
    expect(lastRunNote(null)).toBe('Tests not run yet');
    expect(lastRunNote(run())).toBe('Tests: 1 of 2 failing');
    expect(lastRunNote(run({ status: 'passed', failed_count: 0 }))).toBe('Tests: all 2 passed');
    expect(passRateText(2 / 3)).toBe('67%');
    expect(changeText({ turn: 0, type: 'contains', value: '9', was: true, now: false })).toBe(
      'Turn 1 · Contains “9”: passed → failed',
    );
    expect(changeText({ turn: 1, type: 'judge', value: 'Polite', was: null, now: true })).toBe(
      'Turn 2 · Judge (model-graded) “Polite”: new → passed',
    );
  });
  it('the refusal: only a failed publish run with the gate on', () => {
    expect(refusalOf(run({ trigger: 'publish' }), true)).toEqual(['Bad']);
    expect(refusalOf(run({ trigger: 'publish' }), false)).toBeNull();
    expect(refusalOf(run(), true)).toBeNull();
  });
});

describe('Run by voice', () => {
  it('is offered to agents with a voice configuration', () => {
    expect(agentHasVoice({ tts_config: { provider: 'openai' } })).toBe(true);
    expect(agentHasVoice({ tts_config: null })).toBe(false);
    expect(agentHasVoice({})).toBe(false);
  });
  it('a turn shows what was heard, the voice seconds and whether the call ended', () => {
    const [first, second] = fixtureVoiceRun.results[0]!.turns;
    expect(voiceTurnFacts(first!)).toEqual({
      heard: 'what are your opening hours',
      notes: ['2.6 s of voice', 'the call went on'],
    });
    expect(voiceTurnFacts(second!).notes).toEqual(['0.7 s of voice', 'the call ended']);
    expect(voiceTurnFacts({ ...first!, heard: '', voice_seconds: null }).heard).toBe('(nothing)');
    // A turn that failed before the transcriber: nothing heard, no call outcome.
    expect(voiceTurnFacts(fixtureSpeechMissingRun.results[0]!.turns[0]!)).toEqual({
      heard: null,
      notes: [],
    });
  });
  it('the server’s missing speech tools message (naming apt-get) is picked out of a voice run', () => {
    expect(speechToolsMissingOf(fixtureSpeechMissingRun)).toMatch(
      /apt-get install espeak-ng pocketsphinx pocketsphinx-en-us$/,
    );
    expect(speechToolsMissingOf(fixtureVoiceRun)).toBeNull();
    expect(speechToolsMissingOf({ ...fixtureSpeechMissingRun, voice: false })).toBeNull();
    expect(speechToolsMissingOf(null)).toBeNull();
  });
});

describe('the link to an agent’s Tests', () => {
  it('is the Agents tab with the agent open at section=tests', () => {
    expect(agentTestsHref('bot-1')).toBe('/?tab=agents&agent=bot-1&section=tests');
    expect(agentTestsHref('a b&c')).toBe('/?tab=agents&agent=a+b%26c&section=tests');
  });
});

describe('runCostText', () => {
  const estimate = { turns: 12, judges: 4, model_calls: 16 };
  it('given no budget › the estimate alone', () => {
    expect(runCostText(estimate, null)).toEqual({
      text: 'Run all: about 16 model calls (12 turns, 4 judge checks).',
      over: false,
    });
  });
  it('given a budget › what is left, and over it when the run needs more', () => {
    const budget = { model_calls_limit: 2000, model_calls_used: 1990, window_hours: 24 };
    expect(runCostText(estimate, budget)).toEqual({
      text: "Run all: about 16 model calls (12 turns, 4 judge checks): more than is left (10 of 2,000 left in this organization's 24-hour test budget). Run fewer tests or repetitions, or try later.",
      over: true,
    });
    expect(runCostText({ turns: 1, judges: 0, model_calls: 1 }, budget).text).toBe(
      "Run all: about 1 model call (1 turn) · 10 of 2,000 left in this organization's 24-hour test budget.",
    );
  });
});

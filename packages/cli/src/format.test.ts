import { describe, expect, it } from 'vitest';
import type { TestRun } from '@parley/api-client';
import { formatDiff, formatRestore, formatTestRun, formatVersions } from './format';

describe('plain output', () => {
  it('diff: each changed field with its live and draft values, or that there is nothing', () => {
    expect(formatDiff('a', { draft_changed: false, live_version: 1, changes: [] })).toBe(
      'a: no unpublished changes (the draft is the live version).',
    );
    expect(
      formatDiff('a', {
        draft_changed: true,
        live_version: 1,
        changes: [
          { field: 'initial_message', live: 'Hi', draft: 'Hello there' },
          { field: 'model_api_key', live: '••••', draft: null },
        ],
      }),
    ).toBe(
      [
        'a: 2 unpublished changes',
        '',
        'initial_message',
        '  - live:  "Hi"',
        '  + draft: "Hello there"',
        '',
        'model_api_key',
        '  - live:  "••••"',
        '  + draft: null',
      ].join('\n'),
    );
  });

  it('versions: newest first, the live one starred, restores and notes shown', () => {
    const text = formatVersions('a', {
      live_version: 3,
      draft_changed: true,
      versions: [
        {
          version: 3,
          published_at: '2026-11-28T10:15:30.000Z',
          published_by: 'CI deploy (API key)',
          note: null,
          restored_from: 1,
        },
        {
          version: 2,
          published_at: '2026-11-27T09:00:00.000Z',
          published_by: 'Ada Lovelace',
          note: 'New greeting',
          restored_from: null,
        },
      ],
    });
    expect(text.split('\n')).toEqual([
      'a: version 3 is live. The draft has unpublished changes.',
      '',
      '  VERSION  PUBLISHED             BY                   NOTE',
      '* 3        2026-11-28 10:15 UTC  CI deploy (API key)  (restored from 1)',
      '  2        2026-11-27 09:00 UTC  Ada Lovelace         New greeting',
    ]);
    expect(formatVersions('b', { live_version: null, draft_changed: true, versions: [] })).toBe(
      'b: not published yet. The draft has unpublished changes.',
    );
  });

  it('rollback: what is live now', () => {
    expect(formatRestore('a', { success: true, version: 5, restored_from: 2 })).toBe(
      'a: version 2 is live again, as version 5.',
    );
  });

  it('test: PASS and FAIL per test, what failed and why, the totals', () => {
    const turn = (passed: boolean) => ({
      user: 'When do you open?',
      answer: 'Offline responder: …',
      passed,
      latency_ms: 3,
      offline: true,
      error: null,
      expectations: [
        {
          type: 'contains',
          value: 'We open at 9',
          passed,
          detail: passed ? 'ok' : 'The answer does not contain “We open at 9”',
        },
      ],
      sources: [],
      tool_steps: [],
    });
    const run: TestRun = {
      id: 'run-1',
      status: 'failed',
      trigger: 'manual',
      total: 2,
      done: 2,
      passed_count: 1,
      failed_count: 1,
      error: null,
      created_at: '2026-11-28T10:00:00.000Z',
      finished_at: '2026-11-28T10:00:01.000Z',
      results: [
        {
          test_id: 't1',
          name: 'Greets',
          passed: true,
          pass_rate: 1,
          repetitions: 1,
          turns: [turn(true)],
          unmatched_mocks: [],
          previous_run_id: null,
          changes: [],
        },
        {
          test_id: 't2',
          name: 'Knows the hours',
          passed: false,
          pass_rate: 0.5,
          repetitions: 2,
          turns: [turn(false)],
          unmatched_mocks: [],
          previous_run_id: null,
          changes: [],
        },
      ],
    };
    expect(formatTestRun('a', run).split('\n')).toEqual([
      'a: test run run-1',
      'PASS  Greets',
      'FAIL  Knows the hours (50% of 2)',
      '      turn 1: "When do you open?"',
      '        ✗ The answer does not contain “We open at 9”',
      '1 passed, 1 failed, 2 in all: FAILED',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { TurnResult } from '@parley/api-client';
import { expectationChanges } from './diff';

const turn = (...expectations: Array<[string, string, boolean]>): TurnResult => ({
  user: 'Hi',
  answer: 'Hello',
  passed: expectations.every((e) => e[2]),
  latency_ms: 5,
  offline: true,
  error: null,
  sources: [],
  tool_steps: [],
  expectations: expectations.map(([type, value, passed]) => ({
    type,
    value,
    passed,
    detail: '',
  })),
});

describe('expectationChanges', () => {
  it('no previous run: nothing to compare', () => {
    expect(expectationChanges(null, { turns: [turn(['contains', 'a', true])] })).toEqual([]);
  });

  it('names the expectations whose outcome changed, and new ones', () => {
    const before = { turns: [turn(['contains', 'a', true], ['regex', 'b', false])] };
    const now = {
      turns: [turn(['contains', 'a', false], ['regex', 'b', false]), turn(['judge', 'c', true])],
    };
    expect(expectationChanges(before, now)).toEqual([
      { turn: 0, type: 'contains', value: 'a', was: true, now: false },
      { turn: 1, type: 'judge', value: 'c', was: null, now: true },
    ]);
  });

  it('the same outcomes: no change', () => {
    const same = { turns: [turn(['contains', 'a', true])] };
    expect(expectationChanges(same, same)).toEqual([]);
  });
});

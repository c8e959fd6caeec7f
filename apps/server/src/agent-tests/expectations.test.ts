import { describe, expect, it } from 'vitest';
import type { ToolStep } from '@parley/api-client';
import {
  checkCallsTool,
  checkContains,
  checkNotContains,
  checkRegex,
  checkUsesKnowledge,
  unmatchedMocks,
} from './expectations';

const step = (tool: string, input: unknown, toolId: string | null = null): ToolStep => ({
  tool,
  tool_id: toolId,
  input,
  output: null,
  duration_ms: 3,
  error: null,
});

describe('rule expectations', () => {
  it('contains / not_contains ignore case and say what was found', () => {
    expect(checkContains('We open at 9 AM.', '9 am')).toEqual({
      passed: true,
      detail: 'The answer contains “9 am”',
    });
    expect(checkContains('We open at 9 AM.', 'Sunday').passed).toBe(false);
    expect(checkNotContains('We open at 9 AM.', 'sunday').passed).toBe(true);
    expect(checkNotContains('Closed on Sunday', 'sunday')).toEqual({
      passed: false,
      detail: 'The answer contains “sunday”, which it must not',
    });
  });

  it('regex: as written or /pattern/flags; a bad pattern fails with its reason', () => {
    expect(checkRegex('Call 555-0100', '\\d{3}-\\d{4}')).toMatchObject({ passed: true });
    expect(checkRegex('OPEN daily', '/open/i').passed).toBe(true);
    expect(checkRegex('OPEN daily', 'open').passed).toBe(false);
    expect(checkRegex('x', '(').detail).toMatch(/^Not a usable regular expression/);
  });

  it('regex runs in linear time: backreferences and lookaround are refused, (a+)+$ is harmless', () => {
    // Refused first (a backtracking engine would run these, and hang on the next one).
    expect(checkRegex('abab', '(ab)\\1')).toMatchObject({
      passed: false,
      detail: expect.stringContaining('pattern too complex'),
    });
    expect(checkRegex('ab', '/a(?=b)/').detail).toContain('pattern too complex');
    // 2^100000 backtracking steps in a backtracking engine; one pass here.
    const long = `${'a'.repeat(100_000)}!`;
    expect(checkRegex(long, '(a+)+$').passed).toBe(false);
    expect(checkRegex(`${'a'.repeat(100_000)}`, '/^(A+)+$/i').passed).toBe(true);
  });
});

describe('uses_knowledge', () => {
  const sources = [
    { document_id: 'd1', document_name: 'Hours.md', knowledge_base_id: 'kb1' },
    { document_id: 'd2', document_name: 'Prices.md', knowledge_base_id: 'kb2' },
  ];
  it('passes on the base id, the document id or the document name', () => {
    expect(checkUsesKnowledge(sources, 'kb2').passed).toBe(true);
    expect(checkUsesKnowledge(sources, 'd1').passed).toBe(true);
    expect(checkUsesKnowledge(sources, 'hours.md')).toEqual({
      passed: true,
      detail: 'The answer drew on “Hours.md”',
    });
  });
  it('fails naming what it drew on instead, or that nothing was retrieved', () => {
    expect(checkUsesKnowledge(sources, 'kb9').detail).toBe(
      'No passage of “kb9” was retrieved (the answer drew on “Hours.md”, “Prices.md”)',
    );
    expect(checkUsesKnowledge([], 'kb1').detail).toBe(
      'No knowledge-base passage was retrieved for this turn',
    );
  });
});

describe('calls_tool', () => {
  const steps = [step('book_table', { party: 4, time: '19:00' }, 'tool-1')];
  it('matches by name or id, with the given arguments', () => {
    expect(checkCallsTool(steps, 'book_table').passed).toBe(true);
    expect(checkCallsTool(steps, 'tool-1', { party: 4 }).passed).toBe(true);
    expect(checkCallsTool(steps, 'book_table', { party: 2 }).detail).toBe(
      'The agent called “book_table” but not with {"party":2} (it sent {"party":4,"time":"19:00"})',
    );
  });
  it('fails naming the tools called, or none', () => {
    expect(checkCallsTool(steps, 'cancel').detail).toBe(
      'The agent did not call “cancel” (it called “book_table”)',
    );
    expect(checkCallsTool([], 'cancel').detail).toBe(
      'The agent did not call “cancel” (it called no tool)',
    );
  });
  it('reports mocks no call matched', () => {
    expect(unmatchedMocks(['tool-1', 'tool-2'], steps)).toEqual(['tool-2']);
  });
});

describe('toolStepsOf (the runtime turn’s toolSteps)', () => {
  it('reads the steps when the runtime records them; none otherwise', async () => {
    const { toolStepsOf } = await import('./runner');
    const steps = [step('book_table', { party: 4 }, 'tool-1')];
    expect(toolStepsOf({ toolSteps: steps })).toEqual(steps);
    expect(toolStepsOf({})).toEqual([]);
    expect(toolStepsOf({ toolSteps: [{ tool: 1 }] })).toEqual([]);
  });
});

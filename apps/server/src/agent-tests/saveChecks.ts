import type { z } from 'zod';
import { agentTestCaps, estimateTestRun, type agentTestInputSchema } from '@parley/api-client';
import { HttpError } from '../lib/http';
import { writtenPatternProblem } from '../lib/patterns';
import type { TestRow } from './store';

type TestInput = z.output<typeof agentTestInputSchema>;

/** 400 naming the field, as every refused save answers. */
export const refuseField = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, { issues: [{ field, message }] });

/**
 * Every `regex` expectation must compile in the linear-time engine (lib/patterns.ts): a pattern it
 * refuses (a backreference, lookaround, a repeat over 1000) is refused at save, naming the field.
 */
export function assertPatternsUsable(body: TestInput): void {
  body.turns.forEach((turn, t) =>
    turn.expect.forEach((e, i) => {
      if (e.type !== 'regex') return;
      const problem = writtenPatternProblem(e.value);
      if (problem) throw refuseField(`turns.${t}.expect.${i}.value`, problem);
    }),
  );
}

/**
 * The agent's caps (agentTestCaps, docs/agent-tests.md): at most 50 tests, and at most 200 judge
 * checks in one run of all its tests once this one is saved (`replacing`: the test it replaces).
 * Turns (20) and repetitions (10) are the contract's own limits. Over a cap → 400 naming the field.
 */
export function assertWithinCaps(body: TestInput, existing: TestRow[], replacing?: string): void {
  const others = existing.filter((t) => t.id !== replacing);
  if (!replacing && others.length >= agentTestCaps.tests)
    throw refuseField('name', `an agent has at most ${agentTestCaps.tests} tests`);
  const judges = estimateTestRun([...others, body]).judges;
  if (judges > agentTestCaps.judgesPerRun)
    throw refuseField(
      'turns',
      `a run of this agent's tests would grade ${judges} judge checks (judge expectations × repetitions, all tests together); at most ${agentTestCaps.judgesPerRun}`,
    );
}

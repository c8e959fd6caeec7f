import type { ExpectationChange, TestResult } from '@parley/api-client';

const keyOf = (turn: number, index: number, type: string, value: string) =>
  `${turn}\u0000${index}\u0000${type}\u0000${value}`;

/**
 * Which expectations changed outcome since the last run of the same test: an expectation is the
 * same when it sits at the same place (turn, position) with the same type and value; one that was
 * not there before has `was: null`.
 */
export function expectationChanges(
  previous: Pick<TestResult, 'turns'> | null,
  now: Pick<TestResult, 'turns'>,
): ExpectationChange[] {
  if (!previous) return [];
  const before = new Map<string, boolean>();
  previous.turns.forEach((t, ti) =>
    t.expectations.forEach((e, ei) => before.set(keyOf(ti, ei, e.type, e.value), e.passed)),
  );
  const changes: ExpectationChange[] = [];
  now.turns.forEach((t, ti) =>
    t.expectations.forEach((e, ei) => {
      const key = keyOf(ti, ei, e.type, e.value);
      const was = before.has(key) ? before.get(key)! : null;
      if (was !== e.passed)
        changes.push({ turn: ti, type: e.type, value: e.value, was, now: e.passed });
    }),
  );
  return changes;
}

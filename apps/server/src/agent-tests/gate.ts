import type { Services } from '../lib/env';
import type { ServedAgent } from '../runtime/servedAgent';
import { HttpError } from '../lib/http';
import { executeRun } from './execute';
import { listTests, runToWire, testsMustPass } from './store';
import { createRunWithinBudget, testRunBudgetFrom } from './budget';

/**
 * 'Tests must pass to publish': with it on, publishing runs the agent's suite first — on `agent`,
 * the draft about to become a version — and is refused (409) naming the failing tests; with it
 * off (or no tests), nothing runs.
 */
export async function publishGate(services: Services, agent: ServedAgent): Promise<void> {
  const { db } = services;
  if (!(await testsMustPass(db, agent))) return;
  const tests = await listTests(db, agent);
  if (!tests.length) return;
  // The gate's run counts against the organization's test budget too (409 when over it).
  const run = await createRunWithinBudget(db, agent, tests, testRunBudgetFrom(services.env), {
    trigger: 'publish',
    claimed: true,
  }).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 409)
      throw new HttpError(409, `Tests must pass to publish: ${error.message}`, error.extra);
    throw error;
  });
  const done = runToWire(await executeRun(services, run, agent));
  if (done.status === 'passed') return;
  const failing = done.results
    .filter((r) => !r.passed)
    .map((r) => ({ test_id: r.test_id, name: r.name }));
  const message =
    done.status === 'error'
      ? `Tests must pass to publish: the test run stopped (${done.error ?? 'unknown error'})`
      : `Tests must pass to publish: ${failing.length} failing test${failing.length === 1 ? '' : 's'}: ${failing.map((f) => `“${f.name}”`).join(', ')}`;
  throw new HttpError(409, message, { failing_tests: failing, run_id: done.id });
}

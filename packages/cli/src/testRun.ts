import type { TestRun } from '@parley/api-client';
import { CheckFailed } from './errors';
import type { ParleyClient } from './client';

export interface Waiting {
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** How long to wait for a background run at most (default 10 minutes). */
  timeoutMs?: number;
  /** Between two looks at a background run (default 1 s). */
  pollMs?: number;
}

const finished = (run: TestRun) => run.status !== 'queued' && run.status !== 'running';

/**
 * Runs the agent's whole suite (agent-tests: a short run answers when done, a long one answers
 * 202 at once and runs in the background) and waits for the finished run, looking again every
 * `pollMs`. Not finished within `timeoutMs` → CheckFailed naming the run.
 */
export async function runSuite(
  client: Pick<ParleyClient, 'tests'>,
  agent: string,
  waiting: Waiting,
): Promise<TestRun> {
  const timeoutMs = waiting.timeoutMs ?? 600_000;
  const pollMs = waiting.pollMs ?? 1000;
  const started = waiting.now();
  let run = await client.tests.run(agent);
  while (!finished(run)) {
    if (waiting.now() - started >= timeoutMs)
      throw new CheckFailed(
        `The test run ${run.id} did not finish within ${Math.round(timeoutMs / 1000)} s (${run.done} of ${run.total} tests done); it goes on on the server.`,
      );
    await waiting.sleep(pollMs);
    run = await client.tests.getRun(agent, run.id);
  }
  return run;
}

/** Whether a finished run is a pass (every test passed, no error). */
export const runPassed = (run: TestRun) => run.status === 'passed';

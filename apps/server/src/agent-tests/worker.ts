import { startWorker } from '../lib/jobs';
import { renewLeases } from '../lib/jobTable';
import type { RunnerDeps } from './runner';
import { executeRun } from './execute';
import { claimRun, runLeaseMs, runTable } from './store';

export interface TestRunWorker {
  readonly name: string;
  /** A run was queued: claim and run it (and any other) now. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs queued test runs in the background (the job runner), one at a time, taking the
 * organizations in turns: one organization's long queue does not hold back another's run. Woken
 * when a run is queued (here, or by the NOTIFY of the new row from another process); every
 * `pollMs` it also resumes runs whose claimer went away (a crash: their lease expired). A long
 * run keeps its lease while it runs.
 */
export function startTestRunWorker(deps: RunnerDeps, pollMs = 30_000): TestRunWorker {
  return startWorker(
    {
      name: 'agent_test_runs',
      claim: async () => {
        const run = await claimRun(deps.db);
        return run ? [run] : [];
      },
      run: (run) => executeRun(deps, run),
      renew: {
        everyMs: runLeaseMs / 3,
        leases: (runs) =>
          renewLeases(
            deps.db,
            runTable,
            runs.map((r) => r.id),
          ),
      },
    },
    { logger: deps.logger, pollMs },
  );
}

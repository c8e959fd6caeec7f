import type { RunnerDeps } from './runner';
import { executeRun } from './execute';
import { claimRun } from './store';

export interface TestRunWorker {
  /** A run was queued: claim and run it (and any other) now. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs queued test runs in the background, one at a time; every `pollMs` it also resumes runs
 * whose claimer went away (a crash: their lease expired).
 */
export function startTestRunWorker(deps: RunnerDeps, pollMs = 30_000): TestRunWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const drain = async () => {
    for (;;) {
      if (stopped) return;
      const run = await claimRun(deps.db);
      if (!run) return;
      await executeRun(deps, run);
    }
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await drain().catch((err: unknown) => deps.logger.error({ err }, 'test run queue failed'));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(wake, pollMs);
  timer.unref();
  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

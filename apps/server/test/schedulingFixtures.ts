import type { ServerConfig } from '../src/server';
import { startTestServer } from './harness';

/** 18:00 UTC is 10:00 in California: the default calling window (08:00–21:00) is open for +1 415. */
export const callingHoursStart = new Date('2030-03-05T18:00:00Z');

/**
 * A test server whose scheduler runs no rounds of its own: the test runs them
 * (`runOnce(server.scheduler.deps)`) with the clock it passes in `scheduler`. The voice
 * worker's secret is set; `env` adds to it.
 */
export function startSchedulingServer(
  scheduler: Omit<NonNullable<ServerConfig['scheduler']>, 'manual'>,
  env: Record<string, string> = {},
) {
  return startTestServer({
    env: { PARLEY_WORKER_SECRET: 'worker-secret', ...env },
    scheduler: { ...scheduler, manual: true },
  });
}

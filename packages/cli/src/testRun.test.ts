import { describe, expect, it } from 'vitest';
import type { TestRun } from '@parley/api-client';
import { runPassed, runSuite } from './testRun';
import { CheckFailed } from './errors';

const run = (status: TestRun['status'], done: number): TestRun => ({
  id: 'run-1',
  status,
  trigger: 'manual',
  total: 3,
  done,
  passed_count: done,
  failed_count: 0,
  error: null,
  created_at: '2026-11-28T10:00:00.000Z',
  finished_at: null,
  results: [],
});

/** A client whose run answers 202 (queued) and then each look in turn; a clock moved by sleep. */
function fake(looks: TestRun[]) {
  let clock = 0;
  const slept: number[] = [];
  const asked: string[] = [];
  const client = {
    tests: {
      run: async () => run('queued', 0),
      getRun: async (agent: string, id: string) => {
        asked.push(`${agent}/${id}`);
        return looks.shift()!;
      },
    },
  } as never;
  const waiting = {
    sleep: async (ms: number) => {
      slept.push(ms);
      clock += ms;
    },
    now: () => clock,
  };
  return { client, waiting, slept, asked };
}

describe('running the suite and waiting for it', () => {
  it('looks again every second until a background run has finished', async () => {
    const f = fake([run('running', 1), run('running', 2), run('passed', 3)]);
    const done = await runSuite(f.client, 'a', f.waiting);
    expect(done.status).toBe('passed');
    expect(runPassed(done)).toBe(true);
    expect(f.slept).toEqual([1000, 1000, 1000]);
    expect(f.asked).toEqual(['a/run-1', 'a/run-1', 'a/run-1']);
  });

  it('a run that answers at once is not looked at again; failed and error runs do not pass', async () => {
    for (const status of ['failed', 'error'] as const) {
      const f = fake([]);
      f.client = { tests: { run: async () => run(status, 3) } } as never;
      const done = await runSuite(f.client, 'a', f.waiting);
      expect(runPassed(done)).toBe(false);
      expect(f.slept).toEqual([]);
    }
  });

  it('gives up after the timeout, naming the run and its progress', async () => {
    const f = fake(Array.from({ length: 10 }, () => run('running', 1)));
    const failure = await runSuite(f.client, 'a', { ...f.waiting, timeoutMs: 3000 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CheckFailed);
    expect((failure as Error).message).toBe(
      'The test run run-1 did not finish within 3 s (1 of 3 tests done); it goes on on the server.',
    );
    expect(f.slept).toEqual([1000, 1000, 1000]);
  });
});

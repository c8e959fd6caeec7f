import { and, eq, inArray } from 'drizzle-orm';
import type { TestResult } from '@parley/api-client';
import { agents, agentTests } from '../db/schema';
import type { ServedAgent } from '../runtime/servedAgent';
import { servedForRun } from '../agents/versions/snapshot';
import { expectationChanges } from './diff';
import { runTest, type RunnerDeps } from './runner';
import { finishRun, previousResult, saveProgress, type RunRow } from './store';

/**
 * Runs a claimed run to its end: each test in turn through the version it names (the draft, or a
 * published version; `agent`: the settings the publish gate checks), progress saved after each,
 * the difference from the last run of each test. A deleted test is left out.
 */
export async function executeRun(
  deps: RunnerDeps,
  run: RunRow,
  given?: ServedAgent,
): Promise<RunRow> {
  const { db } = deps;
  try {
    const [row] = given
      ? [given]
      : await db
          .select()
          .from(agents)
          .where(
            and(eq(agents.agentName, run.agentName), eq(agents.organizationId, run.organizationId)),
          );
    if (!row) return await finishRun(db, run.id, { results: [], error: 'The agent was deleted' });
    const agent = given ?? (await servedForRun(db, row, run.agentVersion));
    if (!agent)
      return await finishRun(db, run.id, {
        results: [],
        error: `Version ${run.agentVersion} of the agent is gone`,
      });
    const rows = run.testIds.length
      ? await db
          .select()
          .from(agentTests)
          .where(and(eq(agentTests.agentName, run.agentName), inArray(agentTests.id, run.testIds)))
      : [];
    const tests = run.testIds
      .map((id) => rows.find((r) => r.id === id))
      .filter((t): t is NonNullable<typeof t> => Boolean(t));
    // A run resumed after a crash keeps the tests it had finished.
    const results: TestResult[] = [...(run.results ?? [])];
    for (const test of tests) {
      if (results.some((r) => r.test_id === test.id)) continue;
      const result = await runTest(deps, agent, test, run.id, { voice: run.voice });
      const previous = await previousResult(db, run.agentName, test.id, run.createdAt);
      results.push({
        ...result,
        previous_run_id: previous?.runId ?? null,
        changes: expectationChanges(previous?.result ?? null, result),
      });
      await saveProgress(db, run.id, results);
    }
    return await finishRun(db, run.id, { results });
  } catch (error) {
    deps.logger.error({ err: error, run: run.id }, 'agent test run failed');
    return finishRun(db, run.id, {
      results: run.results ?? [],
      error: `The run stopped: ${(error as Error).message}`,
    });
  }
}

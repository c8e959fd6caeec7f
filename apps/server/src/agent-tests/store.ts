import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TestResult, TestRun } from '@parley/api-client';
import { agentTestInputSchema } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { claimRows, Turns, type JobTable } from '../lib/jobTable';
import { agentTestRuns, agentTests, agentTestSettings } from '../db/schema';
import { versionOfWire } from '../agents/versions/label';

export type TestRow = typeof agentTests.$inferSelect;
export type RunRow = typeof agentTestRuns.$inferSelect;
type AgentRef = { agentName: string; organizationId: string };
/** Only the agent's key columns (an agent row carries its own name, dates …). */
const refOf = (agent: AgentRef) => ({
  agentName: agent.agentName,
  organizationId: agent.organizationId,
});

/** How long a claimed run is its claimer's before another process may resume it. */
export const runLeaseMs = 10 * 60_000;

export function testToWire(row: TestRow) {
  return {
    id: row.id,
    name: row.name,
    turns: row.turns,
    variables: row.variables,
    tool_mocks: row.toolMocks,
    repetitions: row.repetitions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function runToWire(row: RunRow): TestRun {
  const results = row.results ?? [];
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    voice: row.voice,
    agent_version: versionOfWire(row.agentVersion),
    total: row.total,
    done: row.done,
    passed_count: results.filter((r) => r.passed).length,
    failed_count: results.filter((r) => !r.passed).length,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    results,
  };
}

const ofAgent = (agent: AgentRef) =>
  and(
    eq(agentTests.agentName, agent.agentName),
    eq(agentTests.organizationId, agent.organizationId),
  );

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listTests(db: Db, agent: AgentRef) {
  return db.select().from(agentTests).where(ofAgent(agent)).orderBy(asc(agentTests.createdAt));
}

export async function findTest(db: Db, agent: AgentRef, id: string) {
  if (!uuidPattern.test(id)) return null;
  const [row] = await db
    .select()
    .from(agentTests)
    .where(and(ofAgent(agent), eq(agentTests.id, id)))
    .limit(1);
  return row ?? null;
}

type TestValues = ReturnType<typeof agentTestInputSchema.parse>;
const columnsOf = (v: TestValues) => ({
  name: v.name.trim(),
  turns: v.turns,
  variables: v.variables,
  toolMocks: v.tool_mocks,
  repetitions: v.repetitions,
});

export async function createTest(db: Db, agent: AgentRef, values: TestValues) {
  const [row] = await db
    .insert(agentTests)
    .values({ ...columnsOf(values), ...refOf(agent) })
    .returning();
  return row!;
}

export async function updateTest(db: Db, agent: AgentRef, id: string, values: TestValues) {
  if (!uuidPattern.test(id)) return null;
  const [row] = await db
    .update(agentTests)
    .set({ ...columnsOf(values), updatedAt: new Date() })
    .where(and(ofAgent(agent), eq(agentTests.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTest(db: Db, agent: AgentRef, id: string) {
  if (!uuidPattern.test(id)) return false;
  const rows = await db
    .delete(agentTests)
    .where(and(ofAgent(agent), eq(agentTests.id, id)))
    .returning({ id: agentTests.id });
  return rows.length > 0;
}

export async function testsMustPass(db: Db, agent: AgentRef): Promise<boolean> {
  const [row] = await db
    .select({ on: agentTestSettings.testsMustPass })
    .from(agentTestSettings)
    .where(
      and(
        eq(agentTestSettings.agentName, agent.agentName),
        eq(agentTestSettings.organizationId, agent.organizationId),
      ),
    );
  return row?.on ?? false;
}

export async function saveTestsMustPass(db: Db, agent: AgentRef, on: boolean) {
  await db
    .insert(agentTestSettings)
    .values({ ...refOf(agent), testsMustPass: on })
    .onConflictDoUpdate({
      target: agentTestSettings.agentName,
      set: { testsMustPass: on, updatedAt: new Date() },
    });
}

/** A run of the given tests, queued (its own job row); `claimed`: taken by the caller at once. */
export async function createRun(
  db: Db,
  agent: AgentRef,
  testIds: string[],
  options: {
    trigger: 'manual' | 'publish';
    claimed: boolean;
    voice?: boolean;
    /** The model calls the run is estimated to make (budget.ts). */
    modelCalls?: number;
    /** The version it runs against: 'draft' (default) or a published version's number. */
    agentVersion?: string;
  },
) {
  const [row] = await db
    .insert(agentTestRuns)
    .values({
      ...refOf(agent),
      testIds,
      total: testIds.length,
      modelCalls: options.modelCalls ?? 0,
      trigger: options.trigger,
      voice: options.voice ?? false,
      agentVersion: options.agentVersion ?? 'draft',
      status: options.claimed ? 'running' : 'queued',
      lockedUntil: options.claimed ? new Date(Date.now() + runLeaseMs) : null,
    })
    .returning();
  return row!;
}

/** The runs as a queue of the job runner: queued, or running with a lapsed lease (a crash). */
export const runTable: JobTable<typeof agentTestRuns> = {
  table: agentTestRuns,
  id: agentTestRuns.id,
  // Organizations in turns: one organization's 'Run all' does not hold back another's run.
  owner: agentTestRuns.organizationId,
  order: agentTestRuns.createdAt,
  ready: () => sql`${agentTestRuns.status} = 'queued'`,
  claimed: sql`${agentTestRuns.status} = 'running'`,
  lease: { column: agentTestRuns.lockedUntil, holds: 'end', ms: runLeaseMs },
};

/** This process's round of organizations (lib/jobTable.ts Turns). */
const turns = new Turns();

/**
 * Claims the next queued run (the organizations in turns, each one's oldest first), or a running
 * one whose claimer went away (its lease expired).
 */
export async function claimRun(db: Db): Promise<RunRow | null> {
  const [row] = await claimRows(db, runTable, { limit: 1, turns, set: { status: 'running' } });
  return row ?? null;
}

/** Progress (results so far) and a renewed lease. */
export async function saveProgress(db: Db, runId: string, results: TestResult[]) {
  await db
    .update(agentTestRuns)
    .set({
      results,
      done: results.length,
      lockedUntil: new Date(Date.now() + runLeaseMs),
    })
    .where(eq(agentTestRuns.id, runId));
}

export async function finishRun(
  db: Db,
  runId: string,
  outcome: { results: TestResult[]; error?: string | null },
) {
  const status = outcome.error
    ? 'error'
    : outcome.results.every((r) => r.passed)
      ? 'passed'
      : 'failed';
  const [row] = await db
    .update(agentTestRuns)
    .set({
      status,
      results: outcome.results,
      done: outcome.results.length,
      error: outcome.error ?? null,
      finishedAt: new Date(),
      lockedUntil: null,
    })
    .where(eq(agentTestRuns.id, runId))
    .returning();
  return row!;
}

/** The agent's test runs (`more` narrows them): a condition on agent_test_runs. */
const runsOf = (agent: AgentRef, ...more: SQL[]) =>
  and(
    eq(agentTestRuns.agentName, agent.agentName),
    eq(agentTestRuns.organizationId, agent.organizationId),
    ...more,
  );

export async function listRuns(db: Db, agent: AgentRef, limit = 20) {
  return db
    .select()
    .from(agentTestRuns)
    .where(runsOf(agent))
    .orderBy(desc(agentTestRuns.createdAt))
    .limit(limit);
}

export async function findRun(db: Db, agent: AgentRef, runId: string) {
  if (!uuidPattern.test(runId)) return null;
  const [row] = await db
    .select()
    .from(agentTestRuns)
    .where(runsOf(agent, eq(agentTestRuns.id, runId)));
  return row ?? null;
}

/** The newest finished run of the agent (shown beside Publish). */
export async function lastFinishedRun(db: Db, agent: AgentRef) {
  const [row] = await db
    .select()
    .from(agentTestRuns)
    .where(runsOf(agent, inArray(agentTestRuns.status, ['passed', 'failed', 'error'])))
    .orderBy(desc(agentTestRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/** The result of the test in the last finished run of the agent before `before`. */
export async function previousResult(
  db: Db,
  agentName: string,
  testId: string,
  before: Date,
): Promise<{ runId: string; result: TestResult } | null> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT r.id, e.value AS result
      FROM agent_test_runs r, jsonb_array_elements(r.results) e
      WHERE r.agent_name = ${agentName} AND r.status IN ('passed', 'failed')
        AND r.created_at < ${before.toISOString()}::timestamptz
        AND e.value->>'test_id' = ${testId}
      ORDER BY r.created_at DESC LIMIT 1`),
  );
  const row = rows[0];
  if (!row) return null;
  const result = typeof row.result === 'string' ? JSON.parse(row.result) : row.result;
  return { runId: String(row.id), result: result as TestResult };
}

import { and, eq, gt, sql } from 'drizzle-orm';
import { estimateTestRun, type TestRunBudget } from '@parley/api-client';
import type { Db } from '../db/client';
import { agentTestRuns } from '../db/schema';
import { HttpError } from '../lib/http';
import { createRun, type TestRow } from './store';

/** Model calls an organization's test runs may make in a rolling window, unless set otherwise. */
export const defaultTestRunBudget = 2000;
export const budgetWindowHours = 24;

/**
 * PARLEY_TEST_RUN_BUDGET: the model calls an organization's agent-test runs may make in 24 hours
 * (estimated when each run is asked for). A setting that is not a whole number ≥ 0 stops the
 * server at start, naming the variable.
 */
export function testRunBudgetFrom(env: Record<string, string | undefined>): number {
  const raw = env.PARLEY_TEST_RUN_BUDGET?.trim();
  if (!raw) return defaultTestRunBudget;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error('PARLEY_TEST_RUN_BUDGET: must be a whole number of model calls (0 or more)');
  return value;
}

type Queryable = Pick<Db, 'select'>;

/** The model calls the organization's runs of the window were estimated to make. */
export async function budgetUsed(db: Queryable, orgId: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - budgetWindowHours * 3600_000);
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${agentTestRuns.modelCalls}), 0)::int` })
    .from(agentTestRuns)
    .where(and(eq(agentTestRuns.organizationId, orgId), gt(agentTestRuns.createdAt, since)));
  return Number(row?.used ?? 0);
}

export async function budgetOf(db: Db, orgId: string, limit: number): Promise<TestRunBudget> {
  return {
    model_calls_limit: limit,
    model_calls_used: await budgetUsed(db, orgId),
    window_hours: budgetWindowHours,
  };
}

/** 409 with the run's estimate and what is left of the budget, in words and as fields. */
export function overBudget(estimate: number, budget: TestRunBudget) {
  const left = Math.max(0, budget.model_calls_limit - budget.model_calls_used);
  return new HttpError(
    409,
    `This run needs about ${estimate.toLocaleString('en-US')} model calls, over what is left of the organization's test budget: ${left.toLocaleString('en-US')} of ${budget.model_calls_limit.toLocaleString('en-US')} model calls in ${budget.window_hours} hours (PARLEY_TEST_RUN_BUDGET). Run fewer tests or repetitions, or try later.`,
    {
      code: 'test_budget_exceeded',
      estimate: { model_calls: estimate },
      budget,
    },
  );
}

/**
 * Records a run of `tests` if its estimated model calls fit in the organization's budget: the
 * check and the insert under one advisory lock per organization (two 'Run all' at once cannot both
 * take the last of it). Over the budget → 409 (`overBudget`), nothing written.
 */
export async function createRunWithinBudget(
  db: Db,
  agent: { agentName: string; organizationId: string },
  tests: TestRow[],
  limit: number,
  options: {
    trigger: 'manual' | 'publish';
    claimed: boolean;
    voice?: boolean;
    agentVersion?: string;
  },
) {
  const estimate = estimateTestRun(tests).model_calls;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`test-budget:${agent.organizationId}`}))`,
    );
    const budget = await budgetOf(tx, agent.organizationId, limit);
    if (budget.model_calls_used + estimate > limit) throw overBudget(estimate, budget);
    return createRun(
      tx,
      agent,
      tests.map((t) => t.id),
      { ...options, modelCalls: estimate },
    );
  });
}

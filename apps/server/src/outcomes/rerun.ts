import { and, desc, eq, sql } from 'drizzle-orm';
import { rerunConversationLimit, type OutcomeRerun } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { analysisReruns } from '../db/schema';
import type { AgentRow } from '../agents/versions/fields';
import { versionOfWire } from '../agents/versions/label';
import { HttpError, notFound } from '../lib/http';
import { liveVersionOf } from './served';

type RerunRow = typeof analysisReruns.$inferSelect;

export function rerunToWire(row: RerunRow): OutcomeRerun {
  return {
    id: row.id,
    agent_name: row.agentName,
    status: row.status,
    since: row.since.toISOString(),
    until: row.until?.toISOString() ?? null,
    total: row.total,
    done: row.done,
    skipped: row.skipped,
    failed: row.failed,
    agent_version: versionOfWire(row.agentVersion),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The conversations of the agent that ended in [since, until] (now when no until). */
const endedIn = (agent: AgentRow, since: Date, until: Date | null) =>
  sql`c.agent_name = ${agent.agentName} AND c.organization_id = ${agent.organizationId}
    AND c.ended_at IS NOT NULL AND c.ended_at >= ${since.toISOString()}::timestamptz
    AND c.ended_at <= ${(until ?? new Date()).toISOString()}::timestamptz`;

/**
 * Starts re-analysing the agent's conversations that ended in [since, until] with the plan and
 * model of its live version (its draft when never published): one transaction writes the rerun
 * and queues a job per conversation (a job already waiting joins it). Refused: no plan (409), a
 * rerun of the agent still running (409), more than 5,000 conversations (400 naming since).
 */
export async function startRerun(
  db: Db,
  agent: AgentRow,
  range: { since: Date; until: Date | null },
  by: string | null,
): Promise<OutcomeRerun> {
  const live = liveVersionOf(agent);
  if (!live.plan)
    throw new HttpError(
      409,
      agent.liveVersion === null
        ? 'This agent has no outcome plan: set one in its Outcomes section first'
        : `The live version (${agent.liveVersion}) has no outcome plan: set one in the Outcomes section and publish it first`,
      { code: 'no_outcome_plan' },
    );
  const row = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // One rerun of an agent at a time (its row is locked while checking).
    await tx.execute(sql`SELECT 1 FROM agents WHERE agent_name = ${agent.agentName} FOR UPDATE`);
    const [running] = rowsOf(
      await tx.execute(sql`SELECT r.id FROM analysis_reruns r
        WHERE r.agent_name = ${agent.agentName} AND r.status = 'running'
          AND EXISTS (SELECT 1 FROM analysis_jobs j WHERE j.rerun_id = r.id) LIMIT 1`),
    );
    if (running)
      throw new HttpError(409, 'A re-analysis of this agent is still running: wait for it to end', {
        code: 'rerun_running',
        rerun_id: String(running.id),
      });
    const [count] = rowsOf(
      await tx.execute(sql`SELECT count(*)::int AS n FROM conversations c
        WHERE ${endedIn(agent, range.since, range.until)}`),
    );
    const total = Number(count?.n ?? 0);
    if (total > rerunConversationLimit)
      throw new HttpError(
        400,
        `since: ${total} conversations ended in this range; at most ${rerunConversationLimit} at once (narrow the dates)`,
        {
          issues: [
            {
              field: 'since',
              message: `${total} conversations ended in this range; at most ${rerunConversationLimit} at once`,
            },
          ],
        },
      );
    const [created] = await tx
      .insert(analysisReruns)
      .values({
        organizationId: agent.organizationId,
        agentName: agent.agentName,
        since: range.since,
        until: range.until,
        total,
        status: total ? 'running' : 'completed',
        finishedAt: total ? null : new Date(),
        agentVersion: String(live.version),
        createdBy: by,
      })
      .returning();
    if (total)
      await tx.execute(sql`INSERT INTO analysis_jobs (conversation_id, organization_id, rerun_id)
        SELECT c.id, c.organization_id, ${created!.id}::uuid FROM conversations c
        WHERE ${endedIn(agent, range.since, range.until)}
        ON CONFLICT (conversation_id) DO UPDATE SET rerun_id = EXCLUDED.rerun_id,
          locked_at = NULL, claim = NULL, attempts = 0`);
    return created!;
  });
  return rerunToWire(row);
}

/**
 * A rerun of the agent, or 404. One still running with no job left (its conversations were
 * deleted, or a later rerun took them over) is completed as it is read.
 */
export async function rerunOf(db: Db, agent: AgentRow, id: string): Promise<OutcomeRerun> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Rerun');
  const [row] = await db
    .select()
    .from(analysisReruns)
    .where(and(eq(analysisReruns.id, id), eq(analysisReruns.agentName, agent.agentName)))
    .limit(1);
  if (!row || row.organizationId !== agent.organizationId) throw notFound('Rerun');
  if (row.status === 'running') {
    const [done] = await db
      .update(analysisReruns)
      .set({ status: 'completed', finishedAt: sql`now()` })
      .where(
        and(
          eq(analysisReruns.id, id),
          eq(analysisReruns.status, 'running'),
          sql`NOT EXISTS (SELECT 1 FROM analysis_jobs j WHERE j.rerun_id = ${id}::uuid)`,
        ),
      )
      .returning();
    if (done) return rerunToWire(done);
  }
  return rerunToWire(row);
}

/** The agent's reruns, newest first (at most 20). */
export async function rerunsOf(db: Db, agent: AgentRow): Promise<OutcomeRerun[]> {
  const rows = await db
    .select()
    .from(analysisReruns)
    .where(
      and(
        eq(analysisReruns.agentName, agent.agentName),
        eq(analysisReruns.organizationId, agent.organizationId),
      ),
    )
    .orderBy(desc(analysisReruns.createdAt))
    .limit(20);
  return rows.map(rerunToWire);
}

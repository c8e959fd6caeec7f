import { and, desc, eq, sql } from 'drizzle-orm';
import { emitEvent, type EventTx } from '../../events/emit';
import type { AgentVersionSummary } from '@parley/api-client';
import type { Db } from '../../db/client';
import {
  agents,
  agentTools,
  agentVersions,
  type AgentSnapshot,
  type SnapshotTool,
} from '../../db/schema';
import { HttpError, notFound } from '../../lib/http';
import { forgetAgentKeys } from '../../runtime/agentKeys';
import { columnsOf, type AgentRow } from './fields';
import { toolColumnsOf } from '../../tools/store';
import { planOf } from '../../outcomes/plan';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type AgentRef = Pick<AgentRow, 'agentName' | 'organizationId'>;

/** Who published a version: the member (id, and the name shown) or nobody known. */
export interface Publisher {
  id: string | null;
  name: string | null;
}

const ofAgent = (agent: AgentRef) =>
  and(eq(agents.agentName, agent.agentName), eq(agents.organizationId, agent.organizationId));

/**
 * The agent row, locked for this transaction: publishes, restores and discards of one agent take
 * turns (version numbers follow each other with no gap or repeat on any number of processes).
 */
async function lockAgent(tx: Tx, agent: AgentRef): Promise<AgentRow> {
  const [row] = await tx.select().from(agents).where(ofAgent(agent)).for('update');
  if (!row) throw notFound('Agent');
  return row;
}

/**
 * Freezes `snapshot` as the agent's next version and makes it live (one transaction): the new
 * version's row, then the agent pointed at it (its status active). The agents row's change
 * NOTIFYs every server process, whose caches drop the agent at once.
 */
export async function publishSnapshot(
  db: Db,
  agent: AgentRef,
  snapshot: AgentSnapshot,
  options: { note?: string | null; by: Publisher; restoredFrom?: number },
): Promise<{ version: number; publishedAt: Date }> {
  const result = await db.transaction(async (tx) => {
    await lockAgent(tx, agent);
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${agentVersions.version}), 0)::int` })
      .from(agentVersions)
      .where(eq(agentVersions.agentName, agent.agentName));
    const version = Number(last?.n ?? 0) + 1;
    const publishedAt = new Date();
    await tx.insert(agentVersions).values({
      organizationId: agent.organizationId,
      agentName: agent.agentName,
      version,
      snapshot,
      note: options.note?.trim() || null,
      publishedBy: options.by.id,
      publishedByName: options.by.name,
      restoredFrom: options.restoredFrom ?? null,
      createdAt: publishedAt,
    });
    await tx
      .update(agents)
      .set({
        liveVersion: version,
        liveSnapshot: snapshot,
        status: 'active',
        publishedAt,
        updatedAt: publishedAt,
      })
      .where(ofAgent(agent));
    // agent.published, in the publish's own transaction (docs/webhooks.md).
    await emitEvent(tx as unknown as EventTx, {
      type: 'agent.published',
      organizationId: agent.organizationId,
      data: {
        agent_name: agent.agentName,
        agent_version: version,
        note: options.note?.trim() || null,
        published_by: options.by.name,
        restored_from: options.restoredFrom ?? null,
        published_at: publishedAt.toISOString(),
      },
    });
    return { version, publishedAt };
  });
  forgetAgentKeys();
  return result;
}

/** The agent's versions, newest first. */
export async function listVersions(db: Db, agent: AgentRef): Promise<AgentVersionSummary[]> {
  const rows = await db
    .select({
      version: agentVersions.version,
      createdAt: agentVersions.createdAt,
      publishedByName: agentVersions.publishedByName,
      note: agentVersions.note,
      restoredFrom: agentVersions.restoredFrom,
    })
    .from(agentVersions)
    .where(
      and(
        eq(agentVersions.agentName, agent.agentName),
        eq(agentVersions.organizationId, agent.organizationId),
      ),
    )
    .orderBy(desc(agentVersions.version));
  return rows.map((r) => ({
    version: r.version,
    published_at: r.createdAt.toISOString(),
    published_by: r.publishedByName,
    note: r.note,
    restored_from: r.restoredFrom,
  }));
}

/** Writes a snapshot's tools as the agent's draft tools (the ones it has are replaced). */
export async function replaceDraftTools(
  tx: Tx,
  agent: AgentRef,
  tools: ReadonlyArray<Omit<SnapshotTool, 'id'> & { id?: string }>,
) {
  await tx
    .delete(agentTools)
    .where(
      and(
        eq(agentTools.agentName, agent.agentName),
        eq(agentTools.organizationId, agent.organizationId),
      ),
    );
  if (!tools.length) return;
  const base = Date.now();
  await tx.insert(agentTools).values(
    // Their order is kept (tools are listed oldest first).
    tools.map((t, i) => ({
      ...(t.id ? { id: t.id } : {}),
      ...toolColumnsOf(t, agent, new Date(base + i)),
    })),
  );
}

/**
 * The draft becomes the live version again (its settings and tools; one transaction). 409 when
 * the agent was never published: there is no live version to go back to.
 */
export async function discardDraft(db: Db, agent: AgentRef): Promise<number> {
  const live = await db.transaction(async (tx) => {
    const row = await lockAgent(tx, agent);
    if (!row.liveSnapshot || row.liveVersion === null)
      throw new HttpError(409, 'This agent has never been published: there is no live version', {
        code: 'not_published',
      });
    await tx
      .update(agents)
      .set({
        ...columnsOf(row.liveSnapshot.settings),
        analysisPlan: planOf(row.liveSnapshot),
        updatedAt: new Date(),
      })
      .where(ofAgent(agent));
    await replaceDraftTools(tx, agent, row.liveSnapshot.tools);
    return row.liveVersion;
  });
  forgetAgentKeys();
  return live;
}

export { lockAgent };
export type { Tx };

import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agentTools, apps } from '../db/schema';
import { cachedRead, tags } from '../lib/tenantCache';
import { ofAgent, type ToolRow } from './store';

/** What a turn needs to know of the agent's tools. */
export interface TurnTools {
  /** The agent's kind: 'action' (AI Employee) or 'knowledge' (RAG). */
  kind: string;
  /** Its enabled tools. */
  tools: ToolRow[];
}

/**
 * The agent's kind and enabled tools, read through the tenant cache (no round trip per turn;
 * a change to the organization's agents, apps or tools drops the entry in every process). A
 * version's tools (`servedTools`: the live version's, from its snapshot) replace the draft's.
 */
export async function turnToolsOf(
  db: Db,
  agent: { agentName: string; organizationId: string; servedTools?: ToolRow[] | null },
): Promise<TurnTools> {
  const own = await draftToolsOf(db, agent);
  if (!agent.servedTools) return own;
  return { kind: own.kind, tools: agent.servedTools.filter((t) => t.enabled) };
}

function draftToolsOf(
  db: Db,
  agent: { agentName: string; organizationId: string },
): Promise<TurnTools> {
  return cachedRead(
    db,
    `agent-tools:${agent.organizationId}:${agent.agentName}`,
    [tags.agents(agent.organizationId)],
    async () => {
      const [app] = await db
        .select({ kind: apps.agentType })
        .from(apps)
        .where(
          and(eq(apps.agentName, agent.agentName), eq(apps.organizationId, agent.organizationId)),
        )
        .limit(1);
      const tools = await db
        .select()
        .from(agentTools)
        .where(ofAgent(agent, eq(agentTools.enabled, true)))
        .orderBy(agentTools.createdAt);
      return { kind: app?.kind ?? 'knowledge', tools };
    },
  );
}

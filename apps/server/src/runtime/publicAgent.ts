import { and, eq } from 'drizzle-orm';
import { agentDisplayName } from '@parley/api-client';
import type { Db } from '../db/client';
import { agents, apps } from '../db/schema';
import { liveAgent, type ServedAgent } from './servedAgent';

/** An active agent as the public chat page shows it (the page and its settings call). */
export interface PublicAgent {
  agent: typeof agents.$inferSelect;
  /** Its app's key: publishable by design. */
  appKey: string;
  /** The name a visitor reads. */
  name: string;
  /** Its live version (the draft's settings until the first publish): greeting, 'Talk to a person'. */
  live: ServedAgent;
}

/** The active agent `agentName` with its app, or null (none, not active, or without an app). */
export async function publicAgentOf(db: Db, agentName: string): Promise<PublicAgent | null> {
  const [row] = await db
    .select({ agent: agents, appKey: apps.appKey })
    .from(agents)
    .innerJoin(
      apps,
      and(eq(apps.agentName, agents.agentName), eq(apps.organizationId, agents.organizationId)),
    )
    .where(and(eq(agents.agentName, agentName), eq(agents.status, 'active')))
    .limit(1);
  if (!row) return null;
  return {
    agent: row.agent,
    appKey: row.appKey,
    name: agentDisplayName({ id: row.agent.agentName, name: row.agent.name }),
    live: liveAgent(row.agent),
  };
}

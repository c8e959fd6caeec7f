import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agents, apps } from '../db/schema';
import { HttpError } from '../lib/http';
import { cachedRead, tags, tenantCacheOf } from '../lib/tenantCache';
import { liveAgent, type ServedAgent } from './servedAgent';

export type AgentRow = typeof agents.$inferSelect;
export type { ServedAgent } from './servedAgent';

/**
 * Without a tenant cache (a database handle createServer did not wire, e.g. in bare tests), agent
 * keys seen in the last second, by key, so a busy widget's turns still share one lookup.
 */
const fallbackTtlMs = 1000;
const fallback = new Map<string, { at: number; agent: Promise<ServedAgent | null> }>();

/** Forgets the agent keys this process remembers outside the tenant cache (after an agent is saved, published or deleted). */
export function forgetAgentKeys() {
  fallback.clear();
}

/** The agent of a key as the channels serve it: its live version (the row carries it). */
function loadAgentOfKey(db: Db, appKey: string): Promise<ServedAgent | null> {
  return db
    .select({ agent: agents })
    .from(apps)
    .innerJoin(
      agents,
      and(eq(agents.agentName, apps.agentName), eq(agents.organizationId, apps.organizationId)),
    )
    .where(eq(apps.appKey, appKey))
    .limit(1)
    .then(([row]) => (row ? liveAgent(row.agent) : null));
}

/**
 * The agent of a publishable key ('app-…') with its live version's settings, or null. Read through
 * the tenant cache: no database round trip per chat; the entry carries its organization's agents
 * tag, so saving, publishing, restoring or
 * deleting any agent or app of the organization (the agents/apps triggers NOTIFY every server
 * process on the database) drops it at once, as does any state-changing request of this process.
 * Unknown keys are not cached.
 */
export function agentOfKey(db: Db, appKey: string): Promise<ServedAgent | null> {
  if (tenantCacheOf(db))
    return cachedRead(
      db,
      `agent-key:${appKey}`,
      (agent) => (agent ? [tags.agents(agent.organizationId)] : []),
      () => loadAgentOfKey(db, appKey),
      (agent) => agent !== null,
    );
  const now = Date.now();
  let hit = fallback.get(appKey);
  if (!hit || now - hit.at > fallbackTtlMs) {
    if (fallback.size > 10_000) fallback.clear();
    hit = { at: now, agent: loadAgentOfKey(db, appKey) };
    fallback.set(appKey, hit);
    hit.agent.catch(() => fallback.delete(appKey));
  }
  return hit.agent;
}

/** Resolves a publishable agent key ('app-…') to its agent; anything else → 401. */
export async function agentForKey(db: Db, appKey: string): Promise<ServedAgent> {
  const agent = await agentOfKey(db, appKey);
  if (!agent) throw new HttpError(401, 'Access token is invalid', { code: 'unauthorized' });
  return agent;
}

import { agentDisplayName } from '@parley/api-client';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agents } from '../db/schema';
import { notFound } from '../lib/http';

/** At most this many agents are read to find one by its name (an organization has a few). */
const agentsScanned = 2000;

/**
 * The organization's agent named by its id (`support_bot_2c05…`) or by the name §3 gives it: its
 * prefix (`support_bot`), as GET /voice/agents/by-org keys it — the first agent made with that
 * prefix; a later one with the same prefix is keyed (and found) by its full id. Anything else,
 * or another organization's agent: 404.
 */
export async function resolveOrgAgentName(db: Db, orgId: string, key: string): Promise<string> {
  const [exact] = await db
    .select({ agentName: agents.agentName })
    .from(agents)
    .where(and(eq(agents.organizationId, orgId), eq(agents.agentName, key)))
    .limit(1);
  if (exact) return exact.agentName;
  const rows = await db
    .select({ agentName: agents.agentName })
    .from(agents)
    .where(eq(agents.organizationId, orgId))
    .orderBy(asc(agents.createdAt), asc(agents.agentName))
    .limit(agentsScanned);
  // The same rule as agentsKeyedByPrefix: the first agent with a prefix owns it.
  const found = rows.find((r) => agentDisplayName({ id: r.agentName }) === key);
  if (!found) throw notFound('Agent');
  return found.agentName;
}

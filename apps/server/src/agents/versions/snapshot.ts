import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentVersions, type AgentSnapshot, type SnapshotTool } from '../../db/schema';
import { listTools, type ToolRow } from '../../tools/store';
import {
  agentFromSnapshot,
  draftAgent,
  liveAgent,
  type ServedAgent,
} from '../../runtime/servedAgent';
import { settingsOf, type AgentRow } from './fields';

/** A tool row as a snapshot holds it (the same keys migration 0032 writes). */
export function snapshotTool(row: ToolRow): SnapshotTool {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    parameters: row.parameters,
    config: row.config,
    secret_headers: row.secretHeaders,
    enabled: row.enabled,
  };
}

/** A snapshot of a row's versioned settings and the given tools (in their order). */
export function snapshotOf(row: AgentRow, tools: readonly ToolRow[]): AgentSnapshot {
  return {
    settings: settingsOf(row),
    tools: tools.map(snapshotTool),
    // The outcome plan (docs/outcomes.md): null when the draft has none.
    analysis: row.analysisPlan ?? null,
  };
}

/** The agent's tools in the draft, oldest first (the order a snapshot keeps). */
export function draftTools(db: Db, agent: Pick<AgentRow, 'agentName' | 'organizationId'>) {
  return listTools(db, agent.organizationId, agent.agentName);
}

/** The draft as a snapshot: the row's settings and its tools as they are now. */
export async function draftSnapshot(db: Db, row: AgentRow): Promise<AgentSnapshot> {
  return snapshotOf(row, await draftTools(db, row));
}

/** A published version of the agent (its row), or null. */
export async function findVersion(
  db: Db,
  agent: Pick<AgentRow, 'agentName' | 'organizationId'>,
  version: number,
) {
  const [row] = await db
    .select()
    .from(agentVersions)
    .where(
      and(
        eq(agentVersions.agentName, agent.agentName),
        eq(agentVersions.organizationId, agent.organizationId),
        eq(agentVersions.version, version),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The agent as a test run sees it: its draft ('draft', or a run from before versions), its live
 * version, or an older published version it was asked to run (null when that version is gone).
 */
export async function servedForRun(
  db: Db,
  row: AgentRow,
  label: string | null,
): Promise<ServedAgent | null> {
  if (!label || label === 'draft') return draftAgent(row);
  const version = Number(label);
  if (row.liveVersion === version) return liveAgent(row);
  const found = await findVersion(db, row, version);
  return found ? agentFromSnapshot(row, found.snapshot, version) : null;
}

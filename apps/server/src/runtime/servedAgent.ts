import type { AgentSnapshot, SnapshotTool } from '../db/schema';
import { toolColumnsOf, type ToolRow } from '../tools/store';
import { columnsOf, type AgentRow } from '../agents/versions/fields';

/** Which version answered: a published version's number, or 'draft' (the console's tests). */
export type AgentVersionLabel = number | 'draft';

/**
 * An agent as one answer sees it: the agent row with the versioned settings of the version that
 * answers laid over it (docs/versions.md). Every channel serves the live version (`liveAgent`);
 * the console's test chat, test call and draft test runs serve the draft (`draftAgent`).
 */
export interface ServedAgent extends AgentRow {
  servedVersion: AgentVersionLabel;
  /** The version's tools; null: the draft's own, read from agent_tools. */
  servedTools: ToolRow[] | null;
}

/** A version's tools as tool rows (the turn's tool set reads them like the draft's). */
export function toolRowsOf(snapshot: AgentSnapshot, agent: AgentRow): ToolRow[] {
  // Their order is the snapshot's.
  return snapshot.tools.map((t: SnapshotTool, i) => ({
    id: t.id,
    ...toolColumnsOf(t, agent, new Date(i)),
  }));
}

/** The agent answering with a snapshot's settings and tools, labelled `version`. */
export function agentFromSnapshot(
  row: AgentRow,
  snapshot: AgentSnapshot,
  version: AgentVersionLabel,
): ServedAgent {
  return {
    ...row,
    ...columnsOf(snapshot.settings),
    servedVersion: version,
    servedTools: toolRowsOf(snapshot, row),
  };
}

/** The agent answering with its draft (the row as the editor saved it). */
export function draftAgent(row: AgentRow): ServedAgent {
  return { ...row, servedVersion: 'draft', servedTools: null };
}

const lives = new WeakMap<AgentRow, ServedAgent>();

/**
 * The agent as every channel serves it: its live version (the row carries its snapshot, so this
 * costs no read). An agent never published has no live version and serves its draft (labelled
 * 'draft') until its first publish. Kept per row object: a cached row is laid over once.
 */
export function liveAgent(row: AgentRow): ServedAgent {
  let served = lives.get(row);
  if (!served) {
    served =
      row.liveSnapshot && row.liveVersion !== null
        ? agentFromSnapshot(row, row.liveSnapshot, row.liveVersion)
        : draftAgent(row);
    lives.set(row, served);
  }
  return served;
}

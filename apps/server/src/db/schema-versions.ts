import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OutcomePlan } from '@parley/api-client';
import { user } from './schema';
import * as col from './columns';

// ---------- agent versions (issue 39, docs/versions.md) ----------

/** A tool as a version holds it (the agent_tools row's columns, snake_case; header values encrypted). */
export interface SnapshotTool {
  id: string;
  name: string;
  description: string;
  type: string;
  parameters: Record<string, unknown>;
  config: Record<string, unknown>;
  /** Header name → encrypted value (as agent_tools.secret_headers). */
  secret_headers: Record<string, string>;
  enabled: boolean;
}

/**
 * Everything that shapes an agent's answers, frozen: its versioned settings by column name
 * (agents/versions/fields.ts lists them; secrets stay encrypted as stored), its tools and its
 * outcome plan (docs/outcomes.md; null: none). One JSON document, so a setting
 * added later joins it without a schema change.
 */
export interface AgentSnapshot {
  settings: Record<string, unknown>;
  tools: SnapshotTool[];
  analysis: OutcomePlan | null;
}

/**
 * An immutable published version of an agent: number `version` (1, 2 … per agent), its snapshot,
 * who published it and why (`note`), and the version it restored (`restored_from`) when it was a
 * rollback. `agents.live_version` names the one the channels serve.
 */
export const agentVersions = pgTable(
  'agent_versions',
  {
    ...col.id(),
    ...col.organizationId(),
    ...col.agentName(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<AgentSnapshot>().notNull(),
    note: text('note'),
    /** The member who published it (null: before versions existed, or the member is gone). */
    publishedBy: text('published_by').references(() => user.id, { onDelete: 'set null' }),
    /** Their name (or e-mail) when they published: the list still says who after they left. */
    publishedByName: text('published_by_name'),
    restoredFrom: integer('restored_from'),
    ...col.createdAt(),
  },
  (t) => [uniqueIndex('agent_versions_agent_version_uq').on(t.agentName, t.version)],
);

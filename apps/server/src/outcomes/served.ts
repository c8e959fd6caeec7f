import { desc, eq, and, isNotNull } from 'drizzle-orm';
import type { OutcomePlan } from '@parley/api-client';
import type { Db } from '../db/client';
import { messages, type conversations } from '../db/schema';
import type { AgentRow } from '../agents/versions/fields';
import { findVersion } from '../agents/versions/snapshot';
import { versionOfWire } from '../agents/versions/label';
import {
  agentFromSnapshot,
  draftAgent,
  type AgentVersionLabel,
  type ServedAgent,
} from '../runtime/servedAgent';
import type { SecretBox } from '../lib/secrets';
import {
  agentModelChoice,
  languageModelFor,
  modelLabel,
  providerEnvKeys,
  providerLabels,
} from '../runtime/model';
import type { ProviderModel } from '../runtime/modelStream';
import { planOf, storedPlan } from './plan';

/** The version an analysis uses: its settings (the model), its outcome plan and its label. */
export interface AnalysisVersion {
  agent: ServedAgent;
  plan: OutcomePlan | null;
  version: AgentVersionLabel;
}

/** The agent's live version (its draft when never published): what every channel serves. */
export function liveVersionOf(row: AgentRow): AnalysisVersion {
  if (row.liveSnapshot && row.liveVersion !== null)
    return {
      agent: agentFromSnapshot(row, row.liveSnapshot, row.liveVersion),
      plan: planOf(row.liveSnapshot),
      version: row.liveVersion,
    };
  return { agent: draftAgent(row), plan: storedPlan(row.analysisPlan), version: 'draft' };
}

/**
 * A version of the agent by its label: the draft ('draft': the console's test chats), a published
 * number (the live one from the row, an older one from its row), else — a version gone, or none
 * recorded — the live version.
 */
export async function versionByLabel(
  db: Db,
  row: AgentRow,
  label: AgentVersionLabel | null,
): Promise<AnalysisVersion> {
  if (label === 'draft')
    return { agent: draftAgent(row), plan: storedPlan(row.analysisPlan), version: 'draft' };
  if (label === null || label === row.liveVersion) return liveVersionOf(row);
  const found = await findVersion(db, row, label);
  return found
    ? {
        agent: agentFromSnapshot(row, found.snapshot, label),
        plan: planOf(found.snapshot),
        version: label,
      }
    : liveVersionOf(row);
}

/**
 * The version that answered the conversation: the one that wrote its last agent answer (the
 * console's test chat: the draft), else the one its call recorded, else the live version.
 */
export async function answeringVersion(
  db: Db,
  row: AgentRow,
  conv: Pick<typeof conversations.$inferSelect, 'id' | 'agentVersion'>,
): Promise<AnalysisVersion> {
  const [last] = await db
    .select({ version: messages.agentVersion })
    .from(messages)
    .where(and(eq(messages.conversationId, conv.id), isNotNull(messages.agentVersion)))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return versionByLabel(db, row, versionOfWire(last?.version ?? conv.agentVersion));
}

/** The model a version answers with (its key, else a server-wide one it may use), or why none. */
export async function analysisModel(
  deps: { db: Db; secrets: SecretBox; env: Record<string, string | undefined> },
  agent: ServedAgent,
): Promise<{ model: ProviderModel; label: string } | { model: null; missing: string }> {
  const choice = await agentModelChoice(deps, agent);
  const model = languageModelFor(choice, deps.env);
  if (model) return { model, label: modelLabel(choice) };
  return {
    model: null,
    missing:
      `No ${providerLabels[choice.provider]} API key is configured for this agent, so its model could not fill the outcome plan. ` +
      `Add a key in the agent's Model settings (or set ${providerEnvKeys[choice.provider]} on the server).`,
  };
}

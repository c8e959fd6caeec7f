import { and, eq } from 'drizzle-orm';
import { redactCategories, type RedactCategory, type StorageMode } from '@parley/api-client';
import type { Db } from '../db/client';
import { agents } from '../db/schema';
import { cachedRead, tags } from '../lib/tenantCache';
import { columnsOf } from '../agents/versions/fields';
import { privacyOf } from './settings';
import { storageFor, type AgentStorageOverride, type StoredText } from './storage';

/** An agent's privacy settings as a version serves them (agents row or snapshot columns). */
export interface AgentPrivacyColumns {
  storageMode: StorageMode | null;
  redactCategories: string[] | null;
  disclosure: string | null;
  transcriptionConsent: boolean;
}

/** The agent's storage override for `storageFor` (null fields: the organization's). */
export function overrideOf(
  agent: Pick<AgentPrivacyColumns, 'storageMode' | 'redactCategories'> | null | undefined,
): AgentStorageOverride | null {
  if (!agent) return null;
  return {
    storage_mode: agent.storageMode ?? null,
    redact_categories: agent.redactCategories
      ? agent.redactCategories.filter((c): c is RedactCategory =>
          (redactCategories as readonly string[]).includes(c),
        )
      : null,
  };
}

/** What an agent serves of its privacy settings: the live version's (else its draft's). */
function servedPrivacy(row: typeof agents.$inferSelect, version?: string | null) {
  const columns =
    version !== 'draft' && row.liveSnapshot && row.liveVersion !== null
      ? columnsOf(row.liveSnapshot.settings)
      : row;
  return {
    storageMode: columns.storageMode ?? null,
    redactCategories: columns.redactCategories ?? null,
    disclosure: columns.disclosure?.trim() || null,
    transcriptionConsent: columns.transcriptionConsent ?? false,
  } satisfies AgentPrivacyColumns;
}

/**
 * The privacy settings of the agent answering a channel (its live version; `version` 'draft':
 * the console's test call), or null without an agent. Through the tenant cache: saving,
 * publishing or restoring any agent of the organization drops the entry on every process.
 */
export function agentPrivacyOf(
  db: Db,
  orgId: string,
  agentName: string | null | undefined,
  version?: string | null,
): Promise<AgentPrivacyColumns | null> {
  if (!agentName) return Promise.resolve(null);
  const served = version === 'draft' ? 'draft' : 'live';
  return cachedRead(
    db,
    `agent-privacy:${orgId}:${agentName}:${served}`,
    [tags.agents(orgId)],
    async () => {
      const [row] = await db
        .select()
        .from(agents)
        .where(and(eq(agents.agentName, agentName), eq(agents.organizationId, orgId)))
        .limit(1);
      return row ? servedPrivacy(row, version) : null;
    },
  );
}

/**
 * What to store of a text written for `agentName` (or no agent) of the organization: the
 * organization's storage settings with the agent's override (privacy/storage.ts). Every write
 * path of a conversation's text asks here.
 */
export async function storageOf(
  db: Db,
  orgId: string,
  agentName: string | null | undefined,
  version?: string | null,
): Promise<(text: string) => StoredText> {
  const [org, agent] = await Promise.all([
    privacyOf(db, orgId),
    agentPrivacyOf(db, orgId, agentName, version),
  ]);
  return storageFor(org, overrideOf(agent));
}

/** A first reply with the agent's disclosure line before it (none: the reply as it is). */
export function withDisclosure(disclosure: string | null | undefined, reply: string): string {
  const line = disclosure?.trim();
  return line ? `${line}\n\n${reply}` : reply;
}

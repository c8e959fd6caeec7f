import { getTableColumns } from 'drizzle-orm';
import { agents } from '../../db/schema';

export type AgentRow = typeof agents.$inferSelect;
type Column = keyof AgentRow;

/**
 * The agent columns a version freezes: everything that shapes an answer (prompt, initial message,
 * model, provider and key, Live URL, knowledge bases, voice, transcriber, call behaviour). The
 * editor writes them into the draft (the agents row); the channels read them from the live
 * version. A column added to `agents` must be listed here or in `unversionedColumns` (a test
 * fails until it is): a new setting that shapes answers goes here and joins the snapshot as it is.
 */
export const versionedColumns = [
  'systemPrompt',
  'initialMessage',
  'modelProvider',
  'modelName',
  'modelApiKey',
  'modelLiveUrl',
  'knowledgeBaseIds',
  'ttsConfig',
  'sttConfig',
  'nudgeText',
  'nudgeInterval',
  'maxNudges',
  'typingVolume',
  'maxCallDuration',
  'visitorSends',
  'talkToPerson',
  'storageMode',
  'redactCategories',
  'disclosure',
  'transcriptionConsent',
] as const satisfies readonly Column[];
export type VersionedColumn = (typeof versionedColumns)[number];

/**
 * Versioned columns that are not settings: the outcome plan (docs/outcomes.md), frozen as the
 * snapshot's own `analysis` (not inside `settings`).
 */
export const planColumns = ['analysisPlan'] as const satisfies readonly Column[];

/**
 * Versioned columns added after the upgrade that made version 1 of every published agent
 * (migration 0032): that version 1 lacks them, so it serves their default (absentValue).
 */
export const versionedSinceUpgrade: readonly VersionedColumn[] = [
  'talkToPerson',
  'storageMode',
  'redactCategories',
  'disclosure',
  'transcriptionConsent',
];

/**
 * The agent columns outside versions: who and what the agent is (name, organization, display name
 * and description, its agent URL and key), its state (status, live version, dates) and what
 * takes effect at once by design (the sites allowed to embed it: a security setting).
 */
export const unversionedColumns = [
  'agentName',
  'organizationId',
  'name',
  'description',
  'status',
  'chatbotApi',
  'chatbotKey',
  'publishedAt',
  'allowedOrigins',
  'liveVersion',
  'liveSnapshot',
  'createdAt',
  'updatedAt',
] as const satisfies readonly Column[];

/** Versioned columns whose value is a secret (stored encrypted; never shown, never exported). */
export const secretColumns: ReadonlySet<VersionedColumn> = new Set(['modelApiKey']);

/** Keys of a provider block in tts_config / stt_config that hold a key (shown as '••••'). */
export const configSecretKeys: ReadonlySet<string> = new Set(['api_key', 'tts_api_key']);

const columns = getTableColumns(agents);

/** The wire (and snapshot) name of a versioned column: its database name, snake_case. */
export const fieldOf = (column: VersionedColumn): string => columns[column].name;

/** The versioned columns' values of a row, by field name: a snapshot's `settings`. */
export function settingsOf(row: Pick<AgentRow, VersionedColumn>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of versionedColumns) out[fieldOf(column)] = row[column] ?? null;
  return out;
}

/** A column's value when a snapshot frozen before it existed lacks it: its default, else null. */
function absentValue(column: VersionedColumn): unknown {
  const definition = columns[column];
  return definition.hasDefault && definition.default !== undefined
    ? structuredClone(definition.default)
    : null;
}

/** A snapshot's `settings` as column values (to lay over a row, or write back into the draft). */
export function columnsOf(settings: Record<string, unknown>): Pick<AgentRow, VersionedColumn> {
  const out: Record<string, unknown> = {};
  for (const column of versionedColumns) {
    const field = fieldOf(column);
    out[column] = field in settings ? settings[field] : absentValue(column);
  }
  return out as Pick<AgentRow, VersionedColumn>;
}

import { and, eq, inArray } from 'drizzle-orm';
import {
  agentDisplayName,
  agentDocumentKind,
  agentDocumentSchemaVersion,
  isMaskedSecret,
  type AgentDocument,
  type AgentKind,
  type OutcomePlan,
} from '@parley/api-client';
import type { Db } from '../../db/client';
import { knowledgeBases, type AgentSnapshot, type SnapshotTool } from '../../db/schema';
import { HttpError } from '../../lib/http';
import type { SecretBox } from '../../lib/secrets';
import { visibleTo } from '../../knowledge/access';
import { checkModelLiveUrl } from '../../runtime/model';
import { toolValues, type ToolRow } from '../../tools/store';
import { testToWire, type TestRow } from '../../agent-tests/store';
import {
  columnsOf,
  configSecretKeys,
  fieldOf,
  versionedColumns,
  type AgentRow,
  type VersionedColumn,
} from './fields';
import { settingsToWire, toolToDocument } from './wire';
import { storedPlan } from '../../outcomes/plan';

/** One agent as a document (GET …/export): settings, tools and tests, no secret value in it. */
export function documentOf(input: {
  agentName: string;
  name: string | null;
  agentType: string | null;
  snapshot: AgentSnapshot;
  tests: TestRow[];
}): AgentDocument {
  return {
    kind: agentDocumentKind,
    schema_version: agentDocumentSchemaVersion,
    name: agentDisplayName({ id: input.agentName, name: input.name }),
    agent_type: (input.agentType === 'action' ? 'action' : 'knowledge') as AgentKind,
    settings: settingsToWire(input.snapshot.settings),
    tools: input.snapshot.tools.map(toolToDocument),
    tests: input.tests.map((t) => {
      const wire = testToWire(t);
      return {
        name: wire.name,
        turns: wire.turns,
        variables: wire.variables,
        tool_mocks: wire.tool_mocks,
        repetitions: wire.repetitions,
      };
    }),
    analysis: input.snapshot.analysis ?? null,
  };
}

/** Rewrites a 400 naming `field` to name `{prefix}.{field}` (a document's nested field). */
async function under<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    const issues = (error.extra.issues as Array<{ field?: string; message?: string }>) ?? [];
    const field = issues[0]?.field;
    const message = field ? error.message.replace(`${field}: `, '') : error.message;
    const named = field ? `${prefix}.${field}` : prefix;
    throw new HttpError(400, `${named}: ${message}`, {
      issues: [{ field: named, message }],
    });
  }
}

const badField = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, { issues: [{ field, message }] });

/** What a document makes of an agent's draft, checked: columns, tools, and the secrets it lacks. */
export interface DraftFromDocument {
  columns: Pick<AgentRow, VersionedColumn>;
  tools: Array<Omit<SnapshotTool, 'id'> & { id?: string }>;
  /** Secrets the document names ('••••') that the agent has no stored value for (left empty). */
  missingSecrets: string[];
  /** The outcome plan (null: none, or one that asks for nothing). */
  analysisPlan: OutcomePlan | null;
}

/** A config whose '••••' keys take the stored config's values (or are dropped: `missing`). */
function keepStoredConfigKeys(
  incoming: unknown,
  stored: unknown,
  field: string,
  missing: string[],
): unknown {
  if (!incoming || typeof incoming !== 'object') return incoming ?? null;
  const out: Record<string, unknown> = {};
  const before = (stored ?? {}) as Record<string, unknown>;
  for (const [key, block] of Object.entries(incoming as Record<string, unknown>)) {
    if (!block || typeof block !== 'object' || Array.isArray(block)) {
      out[key] = block;
      continue;
    }
    const copy: Record<string, unknown> = { ...(block as Record<string, unknown>) };
    const storedBlock = (before[key] ?? {}) as Record<string, unknown>;
    for (const k of configSecretKeys) {
      const value = copy[k];
      if (typeof value !== 'string' || !isMaskedSecret(value)) continue;
      const kept = storedBlock[k];
      if (typeof kept === 'string' && kept && !isMaskedSecret(kept)) copy[k] = kept;
      else {
        delete copy[k];
        missing.push(`${field}.${key}.${k}`);
      }
    }
    out[key] = copy;
  }
  return out;
}

/**
 * Checks a document against the organization and turns it into draft values: knowledge bases of
 * this organization (a newly attached one the user may use), a public Live URL, tools as the tool
 * editor checks them, and every secret the document names without a value kept from the agent's
 * stored draft (`current`) — or left empty and listed when there is none. Bad values → 400 naming
 * the field (`document.…`); nothing is written here.
 */
export async function draftFromDocument(
  services: { db: Db; secrets: SecretBox; env: Record<string, string | undefined> },
  doc: AgentDocument,
  context: {
    organizationId: string;
    userId: string | null;
    current: { row: AgentRow | null; tools: ToolRow[] };
  },
): Promise<DraftFromDocument> {
  const { db, secrets, env } = services;
  const settings = doc.settings as Record<string, unknown>;
  const missing: string[] = [];
  const columns = columnsOf(
    Object.fromEntries(
      versionedColumns
        .map((c) => fieldOf(c))
        .filter((f) => settings[f] !== undefined)
        .map((f) => [f, settings[f]]),
    ),
  );
  const stored = context.current.row;
  // The agent's privacy settings (docs/privacy.md): no disclosure is an empty line's meaning.
  columns.disclosure = columns.disclosure?.trim() || null;
  columns.transcriptionConsent = columns.transcriptionConsent ?? false;

  const key = doc.settings.model_api_key;
  if (key && isMaskedSecret(key)) {
    columns.modelApiKey = stored?.modelApiKey ?? null;
    if (!columns.modelApiKey) missing.push('settings.model_api_key');
  } else columns.modelApiKey = key ? secrets.encrypt(key) : null;

  columns.ttsConfig = keepStoredConfigKeys(
    doc.settings.tts_config,
    stored?.ttsConfig,
    'settings.tts_config',
    missing,
  );
  columns.sttConfig = keepStoredConfigKeys(
    doc.settings.stt_config,
    stored?.sttConfig,
    'settings.stt_config',
    missing,
  );

  if (columns.modelLiveUrl)
    columns.modelLiveUrl = await under('document.settings', () =>
      checkModelLiveUrl(columns.modelLiveUrl!, env),
    );

  const ids = [...new Set(columns.knowledgeBaseIds ?? [])];
  columns.knowledgeBaseIds = ids;
  if (ids.length) {
    const attached = new Set(stored?.knowledgeBaseIds ?? []);
    const added = ids.filter((id) => !attached.has(id));
    const kept = ids.filter((id) => attached.has(id));
    const found = new Set<string>();
    if (kept.length)
      for (const r of await db
        .select({ id: knowledgeBases.id })
        .from(knowledgeBases)
        .where(
          and(
            eq(knowledgeBases.organizationId, context.organizationId),
            inArray(knowledgeBases.id, kept),
          ),
        ))
        found.add(r.id);
    if (added.length)
      for (const r of await db
        .select({ id: knowledgeBases.id })
        .from(knowledgeBases)
        .where(
          and(
            context.userId
              ? visibleTo(context.userId, context.organizationId)
              : eq(knowledgeBases.organizationId, context.organizationId),
            inArray(knowledgeBases.id, added),
          ),
        ))
        found.add(r.id);
    const unknown = (doc.settings.knowledge_base_ids ?? []).findIndex((id) => !found.has(id));
    if (unknown >= 0)
      throw badField(
        `document.settings.knowledge_base_ids.${unknown}`,
        'no such knowledge base in this organization',
      );
  }

  const testNames = new Set<string>();
  for (const [i, test] of (doc.tests ?? []).entries()) {
    const name = test.name.trim();
    if (testNames.has(name))
      throw badField(`document.tests.${i}.name`, `another test is named ${name}`);
    testNames.add(name);
  }

  const tools: DraftFromDocument['tools'] = [];
  const seen = new Set<string>();
  for (const [i, tool] of doc.tools.entries()) {
    if (seen.has(tool.name))
      throw badField(`document.tools.${i}.name`, `another tool is named ${tool.name}`);
    seen.add(tool.name);
    const existing = context.current.tools.find((t) => t.name === tool.name);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(tool.headers ?? {})) {
      const storedHeader = Object.keys(existing?.secretHeaders ?? {}).some(
        (n) => n.toLowerCase() === name.toLowerCase(),
      );
      if (isMaskedSecret(value) && !storedHeader)
        missing.push(`tools.${tool.name}.headers.${name}`);
      else headers[name] = value;
    }
    const values = await under(`document.tools.${i}`, () =>
      toolValues({ ...tool, headers }, secrets, env, existing),
    );
    tools.push({
      ...(existing ? { id: existing.id } : {}),
      name: values.name,
      description: values.description,
      type: values.type,
      parameters: values.parameters,
      config: values.config,
      secret_headers: values.secretHeaders,
      enabled: values.enabled,
    });
  }
  return { columns, tools, missingSecrets: missing, analysisPlan: storedPlan(doc.analysis) };
}

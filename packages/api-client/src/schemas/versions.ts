import { z } from 'zod';
import {
  agentKindSchema,
  agentNameSchema,
  agentTextLimits,
  sttConfigSchema,
  ttsConfigSchema,
} from './agents';
import { providerApiKeySchema } from './model';
import {
  agentRedactCategoriesSchema,
  agentStorageModeSchema,
  disclosureSchema,
} from './agentPrivacy';
import { toolSaveRequestSchema } from './tools';
import { agentTestInputSchema } from './agentTests';
import { outcomePlanSchema } from './outcomes';

/**
 * Drafts, published versions and agents as code (issue 39, docs/versions.md): the editor writes
 * an agent's draft; publish-agent freezes it as an immutable numbered version and makes it live;
 * every channel serves the live version.
 */

/** Which version answered, in words: 'Version 3', 'Draft', or null when it is not known. */
export function agentVersionName(version: number | 'draft' | null | undefined): string | null {
  if (version === 'draft') return 'Draft';
  return typeof version === 'number' ? `Version ${version}` : null;
}

/** What stands for a stored secret in answers and documents: named, its value absent. */
export const secretPlaceholder = '••••';

/** A note on a publish (why: 'New greeting', 'Fix refund policy'). */
export const versionNoteSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(500, 'must be at most 500 characters');

/** One published version in the list, newest first. */
export const agentVersionSummarySchema = z.object({
  version: z.number().int(),
  published_at: z.string(),
  /** Who published it (their name, else e-mail); null before versions existed. */
  published_by: z.string().nullable(),
  note: z.string().nullable(),
  /** The version a restore made live again as this one; null for a publish. */
  restored_from: z.number().int().nullable(),
});
export type AgentVersionSummary = z.infer<typeof agentVersionSummarySchema>;

/** GET /api/agents/{agentName}/versions */
export const agentVersionsListSchema = z.object({
  /** The version every channel serves; null: never published (channels serve the draft). */
  live_version: z.number().int().nullable(),
  /** The draft differs from the live version (or there is none yet). */
  draft_changed: z.boolean(),
  versions: z.array(agentVersionSummarySchema),
});
export type AgentVersionsList = z.infer<typeof agentVersionsListSchema>;

/**
 * An agent's versioned settings in their wire form, by field (snake_case): secrets as '••••'
 * (set) or null (none). The export document's `settings` and a version's.
 */
export const agentSettingsWireSchema = z.record(z.string(), z.unknown());

/** A tool as a document holds it: what the tool editor saves, header values as '••••'. */
export const agentDocumentToolSchema = toolSaveRequestSchema;
export type AgentDocumentTool = z.output<typeof agentDocumentToolSchema>;

/** GET /api/agents/{agentName}/versions/{n} */
export const agentVersionDetailSchema = agentVersionSummarySchema.extend({
  settings: agentSettingsWireSchema,
  tools: z.array(z.record(z.string(), z.unknown())),
  /** Its outcome plan (docs/outcomes.md); null: none. */
  analysis: outcomePlanSchema.nullable(),
});
export type AgentVersionDetail = z.infer<typeof agentVersionDetailSchema>;

/** POST /api/agents/{agentName}/versions/{n}/restore (an optional note). */
export const restoreVersionRequestSchema = z.object({ note: versionNoteSchema.optional() });
export const restoreVersionResponseSchema = z.object({
  success: z.literal(true),
  /** The new live version (N + 1). */
  version: z.number().int(),
  restored_from: z.number().int(),
});
export type RestoreVersionResponse = z.infer<typeof restoreVersionResponseSchema>;

/** One difference between the live version and the draft: a setting, a tool or the analysis plan. */
export const draftChangeSchema = z.object({
  /** 'system_prompt', 'tts_config', 'tools.lookup_order', 'analysis' … */
  field: z.string(),
  /** The live value (null: none, or no live version); secrets as '••••'. */
  live: z.unknown(),
  draft: z.unknown(),
});
export type DraftChange = z.infer<typeof draftChangeSchema>;

/** GET /api/agents/{agentName}/draft */
export const agentDraftSchema = z.object({
  draft_changed: z.boolean(),
  live_version: z.number().int().nullable(),
  changes: z.array(draftChangeSchema),
});
export type AgentDraft = z.infer<typeof agentDraftSchema>;

/** POST /api/agents/{agentName}/draft/discard */
export const discardDraftResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  live_version: z.number().int(),
});

// ---------- agents as code: the agent document ----------

const nullableText = (max: number) =>
  z
    .string({ error: 'must be text or null' })
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .optional();
const nullableInt = (min: number, max: number) =>
  z
    .number({ error: 'must be a number or null' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .nullable()
    .optional();

/**
 * The versioned settings of an agent document. A key left out is empty (null, or no knowledge
 * bases); a secret (model_api_key, api_key in a voice or transcriber block) given as '••••'
 * keeps the agent's stored one, a value sets it, null or leaving it out clears it. Unknown keys
 * are refused (a misspelt setting must not be silently dropped).
 */
export const agentDocumentSettingsSchema = z.strictObject({
  system_prompt: nullableText(agentTextLimits.system_prompt),
  initial_message: nullableText(agentTextLimits.initial_message),
  model_provider: nullableText(200),
  model_name: nullableText(200),
  model_api_key: providerApiKeySchema.nullable().optional(),
  model_live_url: nullableText(2048),
  knowledge_base_ids: z
    .array(z.uuid('must be knowledge base ids'))
    .max(50, 'at most 50 knowledge bases')
    .optional(),
  tts_config: ttsConfigSchema.nullable().optional(),
  stt_config: sttConfigSchema.nullable().optional(),
  nudge_text: nullableText(agentTextLimits.nudge_text),
  nudge_interval: nullableInt(5, 60),
  max_nudges: nullableInt(1, 10),
  typing_volume: z
    .number({ error: 'must be a number or null' })
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .nullable()
    .optional(),
  max_call_duration: nullableInt(0, 600),
  /** 'Let visitors receive e-mails/texts' (docs/tools.md). */
  visitor_sends: z.boolean({ error: 'must be true or false' }).nullable().optional(),
  /** 'Talk to a person' offered to visitors (docs/inbox-and-analytics.md). */
  talk_to_person: z.boolean({ error: 'must be true or false' }).nullable().optional(),
  /** The agent's own storage mode and redacted kinds (null: the organization's; docs/privacy.md). */
  storage_mode: agentStorageModeSchema.optional(),
  redact_categories: agentRedactCategoriesSchema.optional(),
  /** Said or sent first on voice, SMS, WhatsApp and e-mail (null: none). */
  disclosure: disclosureSchema.optional(),
  /** A call asks the caller's consent to be transcribed. */
  transcription_consent: z.boolean({ error: 'must be true or false' }).nullable().optional(),
});
export type AgentDocumentSettings = z.input<typeof agentDocumentSettingsSchema>;

/** The kind and schema version every agent document starts with. */
export const agentDocumentKind = 'parley.agent';
export const agentDocumentSchemaVersion = 1;

/**
 * An agent as one JSON document (GET …/export, POST /api/agents/import, PUT …/draft): its
 * versioned settings, tools, tests and analysis plan, with no secret value in it.
 */
export const agentDocumentSchema = z.strictObject({
  kind: z.literal(agentDocumentKind, { error: `must be "${agentDocumentKind}"` }),
  schema_version: z.literal(agentDocumentSchemaVersion, {
    error: `must be ${agentDocumentSchemaVersion} (the only version this server reads)`,
  }),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(agentTextLimits.name, `must be at most ${agentTextLimits.name} characters`),
  agent_type: agentKindSchema.default('knowledge'),
  settings: agentDocumentSettingsSchema.default({}),
  tools: z.array(agentDocumentToolSchema).max(32, 'at most 32 tools').default([]),
  /** The agent's tests; left out of a PUT …/draft, the agent's tests stay as they are. */
  tests: z.array(agentTestInputSchema).max(200, 'at most 200 tests').optional(),
  /** The agent's outcome plan (docs/outcomes.md); null or left out: none. */
  analysis: outcomePlanSchema.nullable().default(null),
});
export type AgentDocument = z.output<typeof agentDocumentSchema>;
export type AgentDocumentInput = z.input<typeof agentDocumentSchema>;

/** POST /api/agents/import */
export const importAgentRequestSchema = z.object({
  organization_id: z.string({ error: 'organization_id is required' }).min(1, 'is required'),
  document: agentDocumentSchema,
  /** The new agent's id (e.g. prefix_uuid); default: one made from the document's name. */
  agent_name: agentNameSchema.optional(),
});
export type ImportAgentRequest = z.input<typeof importAgentRequestSchema>;
export const importAgentResponseSchema = z.object({
  success: z.literal(true),
  agent_name: z.string(),
});

/** PUT /api/agents/{agentName}/draft */
export const replaceDraftRequestSchema = z.object({ document: agentDocumentSchema });
export const replaceDraftResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  draft_changed: z.boolean(),
});

/** GET /api/agents/{agentName}/export?version=draft|live|N */
export const exportVersionQuerySchema = z.object({
  version: z
    .string()
    .regex(/^(draft|live|[1-9][0-9]{0,8})$/, "must be 'draft', 'live' or a version number")
    .default('draft'),
});

/**
 * The agent document as a JSON Schema (draft-07), for editors and CI checks: the file
 * docs/agent-document.schema.json is this (a test keeps them the same).
 */
export function agentDocumentJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(agentDocumentSchema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return {
    ...schema,
    title: 'Parley agent document',
    description:
      'One agent as code (docs/versions.md): GET /api/agents/{agentName}/export answers it; POST /api/agents/import and PUT /api/agents/{agentName}/draft take it. Secrets are named with the value "••••" (keep the stored one), never given out.',
  };
}

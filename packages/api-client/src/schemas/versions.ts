import { z } from 'zod';
import { agentKindSchema } from './agents';
import { publishAgentRequestSchema } from './model';

/**
 * Drafts, published versions and agents as code (issue 39 items 2 and 4): the calls' contract,
 * as the issue words it (paths, fields). The CLI (packages/cli) reads every answer through these.
 */

/** A version number: 1, 2, 3 … */
export const versionNumberSchema = z.number().int().positive();

/** `POST /api/publish-agent`: the spec's request plus an optional note. */
export const publishVersionRequestSchema = publishAgentRequestSchema.extend({
  note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});
export type PublishVersionRequest = z.input<typeof publishVersionRequestSchema>;

/** The spec's message beside the version the publish froze. */
export const publishVersionResponseSchema = z.looseObject({
  success: z.boolean().optional(),
  message: z.string().optional(),
  version: versionNumberSchema,
});
export type PublishVersionResponse = z.infer<typeof publishVersionResponseSchema>;

export const agentVersionSummarySchema = z.object({
  version: versionNumberSchema,
  published_at: z.string(),
  published_by: z.string().nullable(),
  note: z.string().nullable(),
  /** The version a restore made this one from (null for a publish). */
  restored_from: versionNumberSchema.nullable(),
});
export type AgentVersionSummary = z.infer<typeof agentVersionSummarySchema>;

/** `GET /api/agents/{agentName}/versions`: newest first. */
export const agentVersionsResponseSchema = z.object({
  live_version: versionNumberSchema.nullable(),
  draft_changed: z.boolean(),
  versions: z.array(agentVersionSummarySchema),
});
export type AgentVersionsResponse = z.infer<typeof agentVersionsResponseSchema>;

/** `GET /api/agents/{agentName}/versions/{n}`. */
export const agentVersionDetailSchema = z.looseObject({
  version: versionNumberSchema,
  published_at: z.string(),
  settings: z.record(z.string(), z.unknown()),
});
export type AgentVersionDetail = z.infer<typeof agentVersionDetailSchema>;

/** `POST …/versions/{n}/restore`: version n's settings live at once as a new version. */
export const restoreVersionResponseSchema = z.looseObject({
  success: z.boolean(),
  version: versionNumberSchema,
  restored_from: versionNumberSchema,
});
export type RestoreVersionResponse = z.infer<typeof restoreVersionResponseSchema>;

/** One field that differs between the draft and the live version (secrets as '••••'). */
export const draftChangeSchema = z.object({
  field: z.string(),
  live: z.unknown(),
  draft: z.unknown(),
});
export type DraftChange = z.infer<typeof draftChangeSchema>;

/** `GET /api/agents/{agentName}/draft`. */
export const draftChangesResponseSchema = z.object({
  draft_changed: z.boolean(),
  changes: z.array(draftChangeSchema),
});
export type DraftChangesResponse = z.infer<typeof draftChangesResponseSchema>;

/** `POST …/draft/discard` and `PUT …/draft`: a plain result. */
export const draftResultSchema = z.looseObject({ success: z.boolean().optional() });

/** What `GET …/export?version=` takes: the draft, the live version or a number. */
export const exportVersionSchema = z.union([
  z.literal('draft'),
  z.literal('live'),
  z.string().regex(/^[1-9]\d*$/, 'must be draft, live or a version number'),
]);

/**
 * The agent as one JSON document (`GET …/export`, `PUT …/draft`, `POST /api/agents/import`): no
 * secret in it (keys and secret headers named, values absent). The JSON Schema in docs/versions.md
 * is the full description; this checks the envelope and leaves the parts to the server.
 */
export const agentDocumentSchema = z.looseObject({
  kind: z.literal('parley.agent', { error: 'must be "parley.agent"' }),
  schema_version: z.literal(1, { error: 'must be 1' }),
  name: z.string({ error: 'must be a string' }),
  agent_type: agentKindSchema.nullable().optional(),
  settings: z.record(z.string(), z.unknown(), { error: 'must be an object' }),
  tools: z.array(z.unknown(), { error: 'must be a list' }),
  tests: z.array(z.unknown(), { error: 'must be a list' }),
  analysis: z.unknown(),
});
export type AgentDocument = z.infer<typeof agentDocumentSchema>;

/** `PUT /api/agents/{agentName}/draft`. */
export const putDraftRequestSchema = z.object({ document: agentDocumentSchema });

/** `POST /api/agents/import` → 201. */
export const importAgentRequestSchema = z.object({
  organization_id: z.string().min(1, 'organization_id is required'),
  document: agentDocumentSchema,
  agent_name: z.string().optional(),
});
export const importAgentResponseSchema = z.looseObject({
  success: z.boolean(),
  agent_name: z.string(),
});

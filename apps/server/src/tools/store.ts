import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import Ajv from 'ajv';
import {
  builtinToolDescriptions,
  builtinToolParameters,
  isBuiltinToolType,
  isMaskedSecret,
  maskSecret,
  toolMaxTimeoutMs,
  type AgentTool,
  type ToolHttpMethod,
  type ToolType,
  toolSaveRequestSchema,
} from '@parley/api-client';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { agentTools, type SnapshotTool } from '../db/schema';
import { HttpError, notFound } from '../lib/http';
import { ajvSafeRegExp, PatternRefused } from '../lib/patterns';
import { sameDestination, secretNeedsRetyping } from '../lib/destination';
import type { SecretBox } from '../lib/secrets';
import { checkToolUrl } from './toolUrl';

export type ToolRow = typeof agentTools.$inferSelect;
export type ToolSave = z.output<typeof toolSaveRequestSchema>;

/**
 * A version's tool (its snapshot's) as the columns of one of `agent`'s agent_tools rows, made at
 * `at` (tools are listed oldest first, so `at` keeps their order): the draft a version is written
 * back to, or the tool set a served version reads.
 */
export function toolColumnsOf(
  tool: Omit<SnapshotTool, 'id'>,
  agent: { organizationId: string; agentName: string },
  at: Date,
) {
  return {
    organizationId: agent.organizationId,
    agentName: agent.agentName,
    name: tool.name,
    description: tool.description,
    type: tool.type,
    parameters: tool.parameters,
    config: tool.config,
    secretHeaders: tool.secret_headers,
    enabled: tool.enabled,
    createdAt: at,
    updatedAt: at,
  };
}

/** An agent may have at most this many tools. */
export const maxToolsPerAgent = 32;

/** What a tool's `config` holds, by type. */
export interface ToolConfig {
  method?: ToolHttpMethod;
  url?: string;
  timeout_ms?: number;
  number?: string;
  allowed_tools?: string[];
}

/** `pattern` and `patternProperties` run in the linear-time engine (lib/patterns.ts). */
const ajv = new Ajv({
  strict: false,
  allErrors: false,
  validateSchema: true,
  code: { regExp: ajvSafeRegExp },
});

/** Whether a JSON Schema compiles; the reason otherwise. */
export function jsonSchemaProblem(schema: Record<string, unknown>): string | null {
  try {
    ajv.compile(schema);
    return null;
  } catch (error) {
    if (error instanceof PatternRefused) return error.message;
    return `is not a valid JSON Schema (${(error as Error).message})`;
  }
}

/** A validator of a tool's arguments against its parameters (the model is told what is wrong). */
export function argumentsValidator(schema: Record<string, unknown>) {
  let validate: ReturnType<typeof ajv.compile> | null = null;
  try {
    validate = ajv.compile(schema);
  } catch {
    validate = null;
  }
  return (value: unknown): { ok: true } | { ok: false; message: string } => {
    if (!validate || validate(value)) return { ok: true };
    return { ok: false, message: ajv.errorsText(validate.errors, { dataVar: 'arguments' }) };
  };
}

/** A tool row in its wire form: header values masked. */
export function toolToWire(row: ToolRow, box: SecretBox): AgentTool {
  const config = row.config as ToolConfig;
  const headers: Record<string, string> = {};
  for (const [name, stored] of Object.entries(row.secretHeaders)) {
    try {
      headers[name] = maskSecret(box.decrypt(stored)) || '';
    } catch {
      headers[name] = '••••';
    }
  }
  return {
    id: row.id,
    agent_name: row.agentName,
    name: row.name,
    description: row.description,
    type: row.type as ToolType,
    parameters: row.parameters,
    enabled: row.enabled,
    method: config.method ?? null,
    url: config.url ?? null,
    headers,
    timeout_ms: config.timeout_ms ?? null,
    number: config.number ?? null,
    allowed_tools: config.allowed_tools ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The header values in the clear (what the tool's requests send). */
export function toolHeaders(
  row: Pick<ToolRow, 'secretHeaders'>,
  box: SecretBox,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, stored] of Object.entries(row.secretHeaders)) out[name] = box.decrypt(stored);
  return out;
}

/**
 * The columns a saved tool gets: built-ins take their own parameters (and default description),
 * the parameters must compile as JSON Schema, the URL is checked as public, header values are
 * encrypted (a masked value keeps the stored one of that header).
 */
export async function toolValues(
  body: ToolSave,
  box: SecretBox,
  env: Record<string, string | undefined>,
  existing?: ToolRow,
) {
  const builtin = isBuiltinToolType(body.type);
  const parameters = builtin
    ? builtinToolParameters[body.type as keyof typeof builtinToolParameters]
    : (body.parameters ?? { type: 'object', properties: {} });
  const problem = jsonSchemaProblem(parameters);
  if (problem)
    throw new HttpError(400, `parameters: ${problem}`, {
      issues: [{ field: 'parameters', message: problem }],
    });
  const config: ToolConfig = {};
  if (body.type === 'http') {
    config.method = body.method ?? 'POST';
    config.url = await checkToolUrl(body.url!, env);
    config.timeout_ms = body.timeout_ms ?? toolMaxTimeoutMs;
  }
  if (body.type === 'mcp') {
    config.url = await checkToolUrl(body.url!, env);
    config.timeout_ms = body.timeout_ms ?? toolMaxTimeoutMs;
    config.allowed_tools = body.allowed_tools ?? [];
  }
  if (body.type === 'transfer_call') config.number = body.number;
  const secretHeaders: Record<string, string> = {};
  if (body.type === 'http' || body.type === 'mcp') {
    const before = existing?.secretHeaders ?? {};
    // A stored value is kept only while the URL's scheme, host and port stay the same.
    const sameAddress = sameDestination(
      (existing?.config as ToolConfig | undefined)?.url,
      config.url,
    );
    for (const [name, value] of Object.entries(body.headers ?? {})) {
      if (isMaskedSecret(value)) {
        const kept = Object.entries(before).find(([n]) => n.toLowerCase() === name.toLowerCase());
        if (!kept)
          throw new HttpError(
            400,
            `headers.${name}: enter the value (a masked value keeps only a stored one)`,
            {
              issues: [{ field: `headers.${name}`, message: 'enter the value' }],
            },
          );
        if (!sameAddress) throw secretNeedsRetyping(`headers.${name}`);
        secretHeaders[name] = kept[1];
      } else secretHeaders[name] = box.encrypt(value);
    }
  }
  return {
    name: body.name,
    description:
      body.description ||
      (builtin ? builtinToolDescriptions[body.type as keyof typeof builtinToolDescriptions] : ''),
    type: body.type,
    parameters,
    config: config as Record<string, unknown>,
    secretHeaders,
    enabled: body.enabled ?? existing?.enabled ?? true,
  };
}

/** The agent's tools (`more` narrows them): a condition on agent_tools. */
export function ofAgent(
  agent: { organizationId: string; agentName: string },
  ...more: Array<SQL | undefined>
) {
  return and(
    eq(agentTools.organizationId, agent.organizationId),
    eq(agentTools.agentName, agent.agentName),
    ...more,
  );
}

/** The agent's tools, oldest first (the order a snapshot keeps). */
export function listTools(db: Db, organizationId: string, agentName: string) {
  return db
    .select()
    .from(agentTools)
    .where(ofAgent({ organizationId, agentName }))
    .orderBy(asc(agentTools.createdAt), asc(agentTools.name));
}

/** 409 when the agent has another tool (not `exceptId`) named `name`. */
export async function assertToolNameFree(
  db: Db,
  agent: { organizationId: string; agentName: string },
  name: string,
  exceptId?: string,
) {
  const [taken] = await db
    .select({ id: agentTools.id })
    .from(agentTools)
    .where(
      ofAgent(agent, eq(agentTools.name, name), exceptId ? ne(agentTools.id, exceptId) : undefined),
    )
    .limit(1);
  if (taken) throw nameTaken(name);
}

/** One tool of the agent, or 404 (another agent's or organization's tool is not found either). */
export async function findTool(db: Db, organizationId: string, agentName: string, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw notFound('Tool');
  const [row] = await db
    .select()
    .from(agentTools)
    .where(ofAgent({ organizationId, agentName }, eq(agentTools.id, id)))
    .limit(1);
  if (!row) throw notFound('Tool');
  return row;
}

/** A unique-name conflict, as the client reads it. */
export const nameTaken = (name: string) =>
  new HttpError(409, `name: this agent already has a tool named ${name}`, {
    issues: [{ field: 'name', message: `this agent already has a tool named ${name}` }],
  });

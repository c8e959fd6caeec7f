import {
  ApiError,
  builtinToolParameters,
  isBuiltinToolType,
  mcpToolsRequestSchema,
  toolSaveRequestSchema,
  type McpToolsRequest,
  type AgentTool,
  type ToolHttpMethod,
  type ToolSaveRequest,
  type ToolType,
} from '@parley/api-client';

/** The tool editor's fields, as typed. */
export interface ToolForm {
  name: string;
  description: string;
  type: ToolType;
  method: ToolHttpMethod;
  url: string;
  headers: Array<{ name: string; value: string }>;
  timeoutMs: string;
  /** The parameters' JSON Schema as JSON text. */
  parameters: string;
  number: string;
  /** An MCP server's tools the agent may use (its allow-list). */
  allowedTools: string[];
  enabled: boolean;
}

export type ToolFormErrors = Partial<
  Record<
    | 'name'
    | 'description'
    | 'type'
    | 'method'
    | 'url'
    | 'headers'
    | 'timeoutMs'
    | 'parameters'
    | 'number'
    | 'allowedTools',
    string
  >
>;

const emptyParameters = JSON.stringify(
  { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  null,
  2,
);

export function emptyToolForm(): ToolForm {
  return {
    name: '',
    description: '',
    type: 'http',
    method: 'POST',
    url: '',
    headers: [],
    timeoutMs: '10000',
    parameters: emptyParameters,
    number: '',
    allowedTools: [],
    enabled: true,
  };
}

export function formFromTool(tool: AgentTool): ToolForm {
  return {
    name: tool.name,
    description: tool.description,
    type: tool.type,
    method: tool.method ?? 'POST',
    url: tool.url ?? '',
    headers: Object.entries(tool.headers).map(([name, value]) => ({ name, value })),
    timeoutMs: String(tool.timeout_ms ?? 10000),
    parameters: JSON.stringify(tool.parameters, null, 2),
    number: tool.number ?? '',
    allowedTools: tool.allowed_tools ?? [],
    enabled: tool.enabled,
  };
}

/** The parameters a built-in brings, shown read-only in the editor. */
export function builtinParametersText(type: ToolType): string | null {
  return isBuiltinToolType(type) ? JSON.stringify(builtinToolParameters[type], null, 2) : null;
}

const wireField: Record<string, keyof ToolFormErrors> = {
  name: 'name',
  description: 'description',
  type: 'type',
  method: 'method',
  url: 'url',
  headers: 'headers',
  timeout_ms: 'timeoutMs',
  parameters: 'parameters',
  number: 'number',
  allowed_tools: 'allowedTools',
};

/**
 * The server's refusal shown at its field (a save or 'List tools' answered 400 with `issues`):
 * `headers.X-Api-Key` → the Headers field, "X-Api-Key: type the secret again for the new address …".
 */
export function serverFieldErrors(error: unknown): ToolFormErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const issues = (error.body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return {};
  const out: ToolFormErrors = {};
  for (const issue of issues as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof issue.field !== 'string' || typeof issue.message !== 'string') continue;
    const [head, ...rest] = issue.field.split('.');
    const field = wireField[head ?? ''];
    if (!field) continue;
    out[field] ??=
      field === 'headers' && rest.length ? `${rest.join('.')}: ${issue.message}` : issue.message;
  }
  return out;
}

/** The header rows as a record (empty rows skipped), or why they cannot be sent. */
function headersFrom(rows: ToolForm['headers']): {
  headers: Record<string, string>;
  error?: string;
} {
  const headers: Record<string, string> = {};
  let error: string | undefined;
  for (const h of rows) {
    const name = h.name.trim();
    if (!name && !h.value) continue;
    if (!name) error ??= 'Every header needs a name';
    else if (Object.keys(headers).some((n) => n.toLowerCase() === name.toLowerCase()))
      error ??= `The header ${name} is listed twice`;
    else headers[name] = h.value;
  }
  return { headers, error };
}

/** The request the form makes, or the first problem of each field (the contract's own rules). */
export function toolRequestFrom(
  form: ToolForm,
): { ok: true; body: ToolSaveRequest } | { ok: false; errors: ToolFormErrors } {
  const errors: ToolFormErrors = {};
  const http = form.type === 'http';
  const remote = http || form.type === 'mcp';
  let parameters: Record<string, unknown> | undefined;
  if (http) {
    try {
      const parsed: unknown = JSON.parse(form.parameters);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        parameters = parsed as Record<string, unknown>;
      else errors.parameters = 'Parameters must be a JSON object';
    } catch {
      errors.parameters = 'Parameters must be valid JSON';
    }
  }
  const { headers, error: headersError } = remote
    ? headersFrom(form.headers)
    : { headers: {}, error: undefined };
  if (headersError) errors.headers = headersError;
  const timeout = Number(form.timeoutMs);
  const body: ToolSaveRequest = {
    name: form.name.trim(),
    description: form.description,
    type: form.type,
    enabled: form.enabled,
    ...(http ? { method: form.method, parameters } : {}),
    ...(remote
      ? {
          url: form.url.trim(),
          headers,
          timeout_ms: form.timeoutMs.trim() === '' || Number.isNaN(timeout) ? undefined : timeout,
        }
      : {}),
    ...(form.type === 'transfer_call' ? { number: form.number.trim() } : {}),
    ...(form.type === 'mcp' ? { allowed_tools: form.allowedTools } : {}),
  };
  const parsed = toolSaveRequestSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = wireField[String(issue.path[0] ?? 'name')] ?? 'name';
      errors[field] ??= issue.message;
    }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}

/**
 * 'List tools' of the MCP server the form names: its URL and headers (a masked value is the stored
 * one of the saved tool `toolId`), or the problem of each field (the contract's own rules).
 */
export function mcpListRequestFrom(
  form: ToolForm,
  toolId: string | null,
): { ok: true; body: McpToolsRequest } | { ok: false; errors: ToolFormErrors } {
  const errors: ToolFormErrors = {};
  const { headers, error } = headersFrom(form.headers);
  if (error) errors.headers = error;
  const body: McpToolsRequest = {
    url: form.url.trim(),
    headers,
    ...(toolId ? { tool_id: toolId } : {}),
  };
  const parsed = mcpToolsRequestSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = wireField[String(issue.path[0] ?? 'url')] ?? 'url';
      errors[field] ??= issue.message;
    }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}

/** One choice of the allow-list: a tool the server lists, or an allowed name it no longer lists. */
export interface McpToolChoice {
  name: string;
  description: string;
  allowed: boolean;
  /** Allowed (saved) but not among the server's tools as last listed. */
  missing: boolean;
}

/**
 * The allow-list's checkboxes: the server's tools in its order (when listed), then the allowed
 * names it did not list (or all allowed names before a listing), each ticked when allowed.
 */
export function mcpToolChoices(
  listed: ReadonlyArray<{ name: string; description: string }> | null,
  allowed: readonly string[],
): McpToolChoice[] {
  const choices: McpToolChoice[] = (listed ?? []).map((t) => ({
    name: t.name,
    description: t.description,
    allowed: allowed.includes(t.name),
    missing: false,
  }));
  const seen = new Set(choices.map((c) => c.name));
  for (const name of allowed)
    if (!seen.has(name)) {
      seen.add(name);
      choices.push({ name, description: '', allowed: true, missing: listed !== null });
    }
  return choices;
}

/** The allow-list with `name` ticked or not (order kept; no duplicates). */
export function toggleAllowedTool(allowed: readonly string[], name: string, on: boolean): string[] {
  if (on) return allowed.includes(name) ? [...allowed] : [...allowed, name];
  return allowed.filter((n) => n !== name);
}

import {
  builtinToolParameters,
  isBuiltinToolType,
  toolSaveRequestSchema,
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
    | 'number',
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
};

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
  const headers: Record<string, string> = {};
  if (remote)
    for (const h of form.headers) {
      const name = h.name.trim();
      if (!name && !h.value) continue;
      if (!name) errors.headers = 'Every header needs a name';
      else if (Object.keys(headers).some((n) => n.toLowerCase() === name.toLowerCase()))
        errors.headers = `The header ${name} is listed twice`;
      else headers[name] = h.value;
    }
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
  };
  const parsed = toolSaveRequestSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = wireField[String(issue.path[0] ?? 'name')] ?? 'name';
      errors[field] ??= issue.message;
    }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}

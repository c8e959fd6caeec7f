import { z } from 'zod';
import { phoneFormatMessage, phonePattern } from './common';

/**
 * Agent tools (issue 28, docs/tools.md): what an agent may call while it answers, on every
 * channel. `GET/POST /api/agents/{agentName}/tools`, `PUT/DELETE /api/agents/{agentName}/tools/{id}`,
 * `POST /api/agents/{agentName}/tools/{id}/test`.
 */

/** An HTTP endpoint, a built-in, or a remote MCP server (Streamable HTTP). */
export const toolTypes = [
  'http',
  'end_call',
  'transfer_call',
  'send_sms',
  'send_whatsapp',
  'send_email',
  'schedule_callback',
  'do_not_contact',
  'request_human',
  'mcp',
] as const;
export type ToolType = (typeof toolTypes)[number];

export const builtinToolTypes = [
  'end_call',
  'transfer_call',
  'send_sms',
  'send_whatsapp',
  'send_email',
  'schedule_callback',
  'do_not_contact',
  'request_human',
] as const satisfies readonly ToolType[];
export type BuiltinToolType = (typeof builtinToolTypes)[number];
export const isBuiltinToolType = (type: string): type is BuiltinToolType =>
  (builtinToolTypes as readonly string[]).includes(type);

export const toolTypeLabels: Record<ToolType, string> = {
  http: 'HTTP request',
  end_call: 'End call',
  transfer_call: 'Transfer call',
  send_sms: 'Send SMS',
  send_whatsapp: 'Send WhatsApp message',
  send_email: 'Send email',
  schedule_callback: 'Schedule callback',
  do_not_contact: 'Do not contact',
  request_human: 'Ask for a person',
  mcp: 'MCP server',
};

/** The name the model sees. */
export const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;
export const toolNameMessage = 'must be 1 to 64 letters, digits, underscores or hyphens';
export const toolHttpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ToolHttpMethod = (typeof toolHttpMethods)[number];
/** An HTTP tool's time limit: at most 10 s (the default). */
export const toolMaxTimeoutMs = 10_000;
export const toolMinTimeoutMs = 100;
/** An HTTP tool's answer: at most 1 MB. */
export const toolMaxAnswerBytes = 1_000_000;
/** The parameters' JSON Schema, serialized: at most 16 KB. */
export const toolMaxParametersChars = 16_000;
/** Tool calls (model steps) of one answer: default 5. */
export const defaultToolSteps = 5;

const headerNamePattern = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const toolHeadersSchema = z
  .record(
    z.string().regex(headerNamePattern, 'header names must be HTTP token characters'),
    z
      .string()
      .max(4096, 'header values must be at most 4096 characters')
      .refine((v) => !/[\r\n\0]/.test(v), 'header values must not contain line breaks'),
  )
  .refine((h) => Object.keys(h).length <= 20, 'at most 20 headers');

/** A JSON Schema for the tool's arguments: an object schema, as function calling needs. */
export const toolParametersSchema = z
  .record(z.string(), z.unknown(), { error: 'must be a JSON Schema object' })
  .superRefine((value, ctx) => {
    if (value.type !== 'object')
      ctx.addIssue({ code: 'custom', message: 'must be a JSON Schema with "type": "object"' });
    if (
      value.properties !== undefined &&
      (typeof value.properties !== 'object' ||
        value.properties === null ||
        Array.isArray(value.properties))
    )
      ctx.addIssue({ code: 'custom', message: 'properties must be an object' });
    if (
      value.required !== undefined &&
      (!Array.isArray(value.required) || value.required.some((r) => typeof r !== 'string'))
    )
      ctx.addIssue({ code: 'custom', message: 'required must be a list of property names' });
    if (JSON.stringify(value).length > toolMaxParametersChars)
      ctx.addIssue({
        code: 'custom',
        message: `must be at most ${toolMaxParametersChars} characters of JSON`,
      });
  });

const toPhone = {
  type: 'string',
  description:
    "The person's phone number (e.g. +14155550100), only when this conversation has none (otherwise it goes to the person you talk with)",
};

/** The arguments each built-in takes (fixed: the server implements them). */
export const builtinToolParameters: Record<BuiltinToolType, Record<string, unknown>> = {
  end_call: {
    type: 'object',
    properties: { reason: { type: 'string', description: 'Why the call ends' } },
  },
  transfer_call: {
    type: 'object',
    properties: { reason: { type: 'string', description: 'Why the caller is transferred' } },
  },
  send_sms: {
    type: 'object',
    properties: { message: { type: 'string', description: 'The text to send' }, to: toPhone },
    required: ['message'],
  },
  send_whatsapp: {
    type: 'object',
    properties: { message: { type: 'string', description: 'The text to send' }, to: toPhone },
    required: ['message'],
  },
  send_email: {
    type: 'object',
    properties: {
      subject: { type: 'string', description: 'The subject line' },
      message: { type: 'string', description: 'The text of the email' },
      to: {
        type: 'string',
        description:
          "The person's e-mail address, only when this conversation has none (otherwise it goes to the person you talk with)",
      },
    },
    required: ['subject', 'message'],
  },
  schedule_callback: {
    type: 'object',
    properties: {
      time: {
        type: 'string',
        description: 'When to call back, as an ISO 8601 date and time with its offset',
      },
      note: { type: 'string', description: 'What the call is about' },
    },
    required: ['time'],
  },
  do_not_contact: {
    type: 'object',
    properties: { reason: { type: 'string', description: 'Why the person asked' } },
  },
  request_human: {
    type: 'object',
    properties: {
      reason: {
        type: 'string',
        description: 'Why a person of the team is needed, in a few words for the team',
      },
    },
    required: ['reason'],
  },
};

/** The description the model sees when none is given. */
export const builtinToolDescriptions: Record<BuiltinToolType, string> = {
  end_call: 'End the phone call once the conversation is over.',
  transfer_call: 'Transfer the phone call to a person.',
  send_sms: 'Send an SMS to the person you are talking with.',
  send_whatsapp: 'Send a WhatsApp message to the person you are talking with.',
  send_email: 'Send an email to the person you are talking with.',
  schedule_callback: 'Schedule a phone call back to the person you are talking with.',
  do_not_contact: 'Record that the person asked never to be contacted again.',
  request_human:
    'Hand the conversation to a person of the team: when the person asks for a human, or you cannot help them.',
};

/** Create or replace a tool (a masked header value keeps the stored one). */
export const toolSaveRequestSchema = z
  .object({
    name: z.string({ error: 'name is required' }).trim().regex(toolNamePattern, toolNameMessage),
    description: z.string().max(1024, 'must be at most 1024 characters').default(''),
    type: z.enum(toolTypes, { error: `must be one of ${toolTypes.join(', ')}` }),
    parameters: toolParametersSchema.optional(),
    method: z
      .enum(toolHttpMethods, { error: 'must be GET, POST, PUT, PATCH or DELETE' })
      .optional(),
    url: z.string().trim().max(2048, 'must be at most 2048 characters').optional(),
    headers: toolHeadersSchema.optional(),
    timeout_ms: z
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(toolMinTimeoutMs, `must be between ${toolMinTimeoutMs} and ${toolMaxTimeoutMs}`)
      .max(toolMaxTimeoutMs, `must be between ${toolMinTimeoutMs} and ${toolMaxTimeoutMs}`)
      .optional(),
    number: z.string().trim().regex(phonePattern, phoneFormatMessage).optional(),
    allowed_tools: z
      .array(z.string().regex(toolNamePattern, toolNameMessage))
      .max(100, 'at most 100 tool names')
      .optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.type === 'http' || v.type === 'mcp') && !v.url)
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: `url is required for an ${v.type} tool`,
      });
    if (v.type === 'http' && !v.parameters)
      ctx.addIssue({
        code: 'custom',
        path: ['parameters'],
        message: 'parameters is required for an http tool (a JSON Schema with "type": "object")',
      });
    if (v.type === 'transfer_call' && !v.number)
      ctx.addIssue({
        code: 'custom',
        path: ['number'],
        message: 'number is required to transfer a call (e.g., +1234567890)',
      });
  });
export type ToolSaveRequest = z.input<typeof toolSaveRequestSchema>;

/** A tool as every answer shows it: header values masked (the last 4 at most). */
export const agentToolSchema = z.object({
  id: z.string(),
  agent_name: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(toolTypes),
  parameters: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  method: z.enum(toolHttpMethods).nullable(),
  url: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  timeout_ms: z.number().nullable(),
  number: z.string().nullable(),
  allowed_tools: z.array(z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AgentTool = z.infer<typeof agentToolSchema>;

export const agentToolListSchema = z.object({ tools: z.array(agentToolSchema) });
export const agentToolAnswerSchema = z.object({ success: z.literal(true), tool: agentToolSchema });
export const agentToolDeleteSchema = z.object({ success: z.literal(true) });

/** 'Test tool': run it once with sample arguments. */
export const toolTestRequestSchema = z.object({
  arguments: z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }).default({}),
});
export type ToolTestRequest = z.input<typeof toolTestRequestSchema>;

/** One tool call of an answer (stored on the message as `tool_steps`). */
export const toolStepSchema = z.object({
  tool: z.string(),
  /** The agent tool's own id (what a test's `calls_tool` and a mock name), or null. */
  tool_id: z.string().nullable(),
  /** The model's id of this call (pairs a call with its result in a stream). */
  call_id: z.string().nullable().optional(),
  input: z.unknown(),
  output: z.unknown(),
  duration_ms: z.number(),
  error: z.string().nullable(),
  /** An agent test's mock answered instead of the tool (the mock's tool_id). */
  mocked: z.string().optional(),
});
export type ToolStepWire = z.infer<typeof toolStepSchema>;

export const toolTestResponseSchema = z.object({
  ok: z.boolean(),
  /** A built-in tested outside a conversation says what it would do, and does nothing. */
  dry_run: z.boolean(),
  step: toolStepSchema,
});
export type ToolTestResponse = z.infer<typeof toolTestResponseSchema>;

/**
 * 'List tools' of an MCP server (the editor's allow-list): its URL and headers as the editor has
 * them; a masked header value is the stored one of the tool `tool_id`.
 */
export const mcpToolsRequestSchema = z.object({
  url: z
    .string({ error: 'url is required' })
    .trim()
    .min(1, 'url is required')
    .max(2048, 'must be at most 2048 characters'),
  headers: toolHeadersSchema.default({}),
  tool_id: z.string().optional(),
});
export type McpToolsRequest = z.input<typeof mcpToolsRequestSchema>;

/** The MCP server's tools, or why they could not be listed (ok false, `error`). */
export const mcpToolsResponseSchema = z.object({
  ok: z.boolean(),
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      input_schema: z.record(z.string(), z.unknown()),
    }),
  ),
  error: z.string().nullable(),
});
export type McpToolsResponse = z.infer<typeof mcpToolsResponseSchema>;

import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import * as col from './columns';

// ---------- agent tools (issue 28, docs/tools.md) ----------

/**
 * One tool call of an agent's answer, as stored on the answer's message (`messages.tool_steps`)
 * and exposed by a turn as `toolSteps` (the evals read it).
 */
export interface ToolStep {
  tool: string;
  /** The agent tool's own id (what a test's `calls_tool` and a mock name), or null. */
  tool_id: string | null;
  /** The model's id of this call (pairs a call with its result in a stream). */
  call_id?: string | null;
  input: unknown;
  output: unknown;
  duration_ms: number;
  error: string | null;
  /** An agent test's mock answered instead of the tool (the mock's tool_id). */
  mocked?: string;
}

/**
 * A tool an agent may call: `type` http (config: method, url, timeout_ms), a built-in (end_call,
 * transfer_call with config.number, send_sms, send_whatsapp, send_email, schedule_callback,
 * do_not_contact) or mcp (config: url, allowed_tools). Header values are secrets, encrypted by
 * header name in `secretHeaders`; `name` is what the model sees, unique per agent.
 */
export const agentTools = pgTable(
  'agent_tools',
  {
    ...col.id(),
    ...col.organizationId(),
    ...col.agentName(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    parameters: jsonb('parameters')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({ type: 'object', properties: {} }),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** Header name → encrypted value. */
    secretHeaders: jsonb('secret_headers').$type<Record<string, string>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    ...col.timestamps(),
  },
  (t) => [
    uniqueIndex('agent_tools_agent_name_uq').on(t.agentName, t.name),
    index('agent_tools_org_idx').on(t.organizationId),
  ],
);

/**
 * A send (send_email, send_sms, send_whatsapp) that a web visitor's conversation made to an
 * address the visitor named (issue 37): the per-conversation, per-visitor and per-organization
 * limits of visitor sends count these rows (docs/tools.md, "Visitors and the send tools").
 */
export const visitorSends = pgTable(
  'visitor_sends',
  {
    ...col.id(),
    ...col.organizationId(),
    agentName: text('agent_name').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    visitor: text('visitor').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    ...col.createdAt(),
  },
  (t) => [
    col.organizationCreatedIndex('visitor_sends_org_created_idx', t),
    index('visitor_sends_conversation_idx').on(t.conversationId),
    index('visitor_sends_visitor_idx').on(t.organizationId, t.agentName, t.visitor, t.createdAt),
  ],
);

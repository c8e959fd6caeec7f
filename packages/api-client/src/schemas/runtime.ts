import { z } from 'zod';

/**
 * The runtime base ('https://host/v1') of an agent URL, which may be stored as the full endpoint
 * ('https://host/v1/chat-messages', the editor's default, spec §9) or the base, with or without
 * a trailing slash. Clients append '/chat-messages' to it.
 */
export function runtimeBaseUrl(agentUrl: string): string {
  return agentUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/chat-messages$/, '');
}

/** The full chat endpoint of an agent URL (base or endpoint): '{base}/chat-messages'. */
export const chatMessagesUrl = (agentUrl: string) => `${runtimeBaseUrl(agentUrl)}/chat-messages`;

/**
 * The agent runtime's wire format, compatible with Dify's service API:
 * POST {chatbot_api}/chat-messages with `Authorization: Bearer app-…`.
 */
export const runtimeChatRequestSchema = z.object({
  inputs: z.record(z.string(), z.unknown()).default({}),
  query: z
    .string()
    .trim()
    .min(1, 'query is required')
    .max(20_000, 'query must be at most 20000 characters'),
  response_mode: z.enum(['blocking', 'streaming']).default('blocking'),
  conversation_id: z.string().max(100).optional().default(''),
  user: z.string().trim().min(1, 'user is required').max(200),
});
export type RuntimeChatRequest = z.input<typeof runtimeChatRequestSchema>;

/** Dify's usage block of an answer (tokens; prices are not tracked and read '0'). */
export const runtimeUsageSchema = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
  total_price: z.string().optional(),
  currency: z.string().optional(),
  latency: z.number().optional(),
});

/** A passage the answer was grounded on (Dify's retriever resource). */
export const retrieverResourceSchema = z.looseObject({
  position: z.number(),
  document_name: z.string().nullable().optional(),
  content: z.string(),
});

/** An answer's metadata: usage, retriever resources; `offline` when the offline responder answered. */
export const runtimeAnswerMetadataSchema = z.looseObject({
  usage: runtimeUsageSchema.optional(),
  retriever_resources: z.array(retrieverResourceSchema).optional(),
  offline: z.boolean().optional(),
  /** A member holds the conversation: the agent did not answer (the answer is a notice). */
  human_takeover: z.boolean().optional(),
  /** The agent version that answered: the live version's number, or 'draft' (docs/versions.md). */
  agent_version: z.union([z.number(), z.literal('draft')]).optional(),
});

/** Blocking answer: every field of Dify's chat-messages answer. */
export const runtimeChatResponseSchema = z.looseObject({
  event: z.literal('message'),
  task_id: z.string().optional(),
  id: z.string().optional(),
  message_id: z.string(),
  conversation_id: z.string(),
  mode: z.string().optional(),
  answer: z.string(),
  created_at: z.number(),
  metadata: runtimeAnswerMetadataSchema.optional(),
});
export type RuntimeChatResponse = z.infer<typeof runtimeChatResponseSchema>;

/** Streaming: SSE `data:` lines carrying one of these JSON events. */
export const runtimeStreamEventSchema = z.discriminatedUnion('event', [
  z.looseObject({
    event: z.literal('message'),
    message_id: z.string(),
    conversation_id: z.string(),
    answer: z.string(),
    created_at: z.number().optional(),
  }),
  // An Action Agent's answer (Dify agent apps): text as agent_message, each tool call as agent_thought.
  z.looseObject({
    event: z.literal('agent_message'),
    message_id: z.string(),
    conversation_id: z.string(),
    answer: z.string(),
    created_at: z.number().optional(),
  }),
  z.looseObject({
    event: z.literal('agent_thought'),
    id: z.string(),
    message_id: z.string(),
    conversation_id: z.string(),
    position: z.number(),
    thought: z.string().optional(),
    tool: z.string(),
    /** The arguments, as JSON text (as Dify sends them). */
    tool_input: z.string(),
    /** The tool's answer as text; '' while the tool runs. */
    observation: z.string(),
    created_at: z.number().optional(),
    /** Ours: the step's time and failure, once the tool answered. */
    duration_ms: z.number().optional(),
    error: z.string().nullable().optional(),
  }),
  z.looseObject({
    event: z.literal('message_end'),
    task_id: z.string().optional(),
    message_id: z.string(),
    conversation_id: z.string(),
    metadata: runtimeAnswerMetadataSchema.optional(),
  }),
  z.looseObject({
    event: z.literal('error'),
    message: z.string(),
    code: z.string().optional(),
    status: z.number().optional(),
  }),
]);
export type RuntimeStreamEvent = z.infer<typeof runtimeStreamEventSchema>;

/** GET {origin}/v1/public/agents/{agentId}: what the public chat page needs (no login). */
export const publicAgentSchema = z.object({
  agent_name: z.string(),
  name: z.string(),
  initial_message: z.string().nullable(),
  api_url: z.string(),
  api_key: z.string(),
  /** The agent offers 'Talk to a person'. */
  talk_to_person: z.boolean().optional(),
});
export type PublicAgent = z.infer<typeof publicAgentSchema>;

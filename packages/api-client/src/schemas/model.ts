import { z } from 'zod';

/** Model providers and their models (§3), display names as the editor shows them. */
export const modelProviders = {
  OpenAI: ['GPT-4o', 'GPT-4o Mini', 'GPT-4 Turbo', 'GPT-4', 'GPT-3.5 Turbo'],
  Anthropic: [
    'Claude Opus 4',
    'Claude Sonnet 4',
    'Claude 3.5 Haiku',
    'Claude 3.5 Sonnet (2024-10-22)',
    'Claude 3.5 Sonnet (2024-06-20)',
    'Claude 3.7 Sonnet',
    'Claude 3 Haiku',
    'Claude 3 Opus',
    'Claude 3 Sonnet',
    'Claude Opus 4.1',
  ],
  DeepSeek: ['DeepSeek Coder', 'DeepSeek Chat', 'DeepSeek Math'],
  Groq: ['Llama 3.1 8B', 'Llama 3.1 70B', 'Mixtral 8x7B', 'Gemma 2 9B', 'Gemma 2 27B'],
  XAI: ['Grok-1', 'Grok-1.5', 'Grok-2'],
  Google: ['Gemini 1.5 Pro', 'Gemini 1.5 Flash', 'Gemini 1.0 Pro', 'PaLM 2'],
} as const;
export type ModelProviderName = keyof typeof modelProviders;

/**
 * A provider API key an agent carries (model, voice, transcriber): bounded, printable ASCII
 * without spaces or control characters; '' clears it, and the masked form the server sent out
 * ('••••abcd') stands for the stored key.
 */
export const providerApiKeySchema = z
  .string()
  .trim()
  .max(512, 'must be at most 512 characters')
  .refine(
    (value) => value === '' || value.includes('•') || /^[\x21-\x7e]+$/.test(value),
    'must be printable characters without spaces or control characters',
  );

/** 'langgenius/{provider}/{provider}' (§3). */
export function apiProviderId(provider: string): string {
  const p = provider.toLowerCase();
  return `langgenius/${p}/${p}`;
}

/** Display model name → lowercase hyphenated API name ('GPT-4o Mini' → 'gpt-4o-mini'). */
export function apiModelName(displayName: string): string {
  return displayName
    .toLowerCase()
    .replace(/[()]/g, '')
    .replace(/[\s_.]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export const defaultModel = {
  provider: 'OpenAI',
  model: 'GPT-4o',
  apiProvider: 'langgenius/openai/openai',
  apiModel: 'gpt-4o',
} as const;

export const promptConfigRequestSchema = z.object({
  prompt: z.string().max(100_000, 'prompt must be at most 100000 characters'),
  chatbot_api_key: z.string().min(1, 'chatbot_api_key is required'),
});
export const promptConfigResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
});

export const datasetConfigsSchema = z.object({
  retrieval_model: z.literal('single'),
  datasets: z.array(z.string()),
  top_k: z.literal(4),
  reranking_enable: z.literal(false),
});
export const modelConfigRequestSchema = z.object({
  provider: z.string().min(1, 'provider is required').max(200, 'must be at most 200 characters'),
  model: z.string().min(1, 'model is required').max(200, 'must be at most 200 characters'),
  api_key: providerApiKeySchema.optional(),
  chatbot_api_key: z.string().min(1, 'chatbot_api_key is required'),
  app_id: z.uuid().optional(),
  dataset_configs: datasetConfigsSchema.optional(),
  model_live_url: z.string().optional(),
});
export type ModelConfigRequest = z.infer<typeof modelConfigRequestSchema>;
export const modelConfigResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  warning: z.string().optional(),
});

/** The knowledge variant's retrieval settings (§9): single, top_k 4, no reranking. */
export function datasetConfigs(enabledDatasetIds: string[]) {
  return {
    retrieval_model: 'single',
    datasets: enabledDatasetIds,
    top_k: 4,
    reranking_enable: false,
  } as const;
}

export const publishAgentRequestSchema = z.object({
  chatbot_api_key: z.string().min(1, 'chatbot_api_key is required'),
  app_id: z.uuid(),
  /** Why this version (docs/versions.md): shown in the Versions panel. */
  note: z
    .string({ error: 'must be text' })
    .trim()
    .max(500, 'must be at most 500 characters')
    .optional(),
});
export type PublishAgentRequest = z.input<typeof publishAgentRequestSchema>;
/** The spec's message, and the version the publish made live (docs/versions.md). */
export const publishAgentResponseSchema = z.looseObject({
  success: z.boolean().optional(),
  message: z.string().optional(),
  published_at: z.string().optional(),
  version: z.number().int().optional(),
});

export const chatbotChatRequestSchema = z.object({
  difyApiUrl: z.string().min(1, 'difyApiUrl is required'),
  difyApiKey: z.string().min(1, 'difyApiKey is required'),
  message: z.string().trim().min(1, 'message is required'),
  conversationId: z.string().default(''),
  useStreaming: z.boolean().default(true),
});
export const chatbotChatResponseSchema = z.looseObject({
  answer: z.string(),
  conversation_id: z.string().optional(),
  offline: z.boolean().optional(),
  /** The console tests the draft: `agent_version` is 'draft' (docs/versions.md). */
  metadata: z
    .looseObject({ agent_version: z.union([z.number(), z.literal('draft')]).optional() })
    .optional(),
});

/** The Dify-compatible runtime: POST {chatbot_api}/chat-messages. */
export const chatMessagesRequestSchema = z.object({
  inputs: z.record(z.string(), z.unknown()).default({}),
  query: z.string().trim().min(1, 'query is required'),
  response_mode: z.enum(['blocking', 'streaming']).default('blocking'),
  conversation_id: z.string().optional().default(''),
  user: z.string().min(1, 'user is required'),
});
export const chatMessagesResponseSchema = z.looseObject({
  answer: z.string(),
  conversation_id: z.string(),
  message_id: z.string().optional(),
});

/** GET {chatbot_api}/info (Dify's app info): what a key opens, without a conversation. */
export const runtimeInfoSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
});

export const modelMessages = {
  promptSaved: 'Prompt saved successfully',
  promptFailed: (reason: string) => `Failed to save prompt: ${reason}`,
  modelSaved: 'Model configuration saved successfully',
  modelFailed: (reason: string) => `Failed to save model config: ${reason}`,
  modelUnauthorized: 'Unauthorized: Please check your Dify API key configuration',
  modelSavedLocally: (message: string) => `Model configuration saved locally: ${message}`,
  publishFailed: (reason: string) => `Failed to publish agent: ${reason}`,
  publishError: 'Error publishing agent',
  noAppId:
    'Could not find app ID. The configuration has been saved but may require manual publishing.',
  chatFailed: 'Sorry, I encountered an error. Please try again.',
  keyWorks: 'Chatbot API key is working correctly',
  keyFailed: (reason: string) => `Chatbot API key test failed: ${reason}`,
} as const;

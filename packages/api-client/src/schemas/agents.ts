import { z } from 'zod';
import {
  agentRedactCategoriesSchema,
  agentStorageModeSchema,
  disclosureSchema,
} from './agentPrivacy';
import { providerApiKeySchema } from './model';
import { agentFiguresOfConfig } from '../agentFigures';

// ---------- identifier (agents-and-knowledge §5, §9) ----------

export const agentPrefixMessages = {
  empty: 'Please enter an agent prefix',
  chars: 'Agent prefix can only contain lowercase letters, numbers, and underscores',
  short: 'Agent prefix must be at least 3 characters long',
  long: 'Agent prefix must be less than 50 characters long',
  noOrg: 'Organization ID is not available. Please refresh the page and try again.',
} as const;

export const agentIdentifierHelp =
  "3-50 characters, lowercase letters, numbers, and underscores only. This will be used as your agent's unique identifier.";

/** The spec's identifier check, in its order; returns the alert text or null when valid. */
export function validateAgentPrefix(prefix: string, orgId?: string | null): string | null {
  const p = prefix.trim();
  if (!p) return agentPrefixMessages.empty;
  if (!/^[a-z0-9_]+$/.test(p)) return agentPrefixMessages.chars;
  if (p.length < 3) return agentPrefixMessages.short;
  if (p.length >= 50) return agentPrefixMessages.long;
  if (orgId !== undefined && !orgId) return agentPrefixMessages.noOrg;
  return null;
}

export const agentPrefixSchema = z.string().superRefine((value, ctx) => {
  const problem = validateAgentPrefix(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Full agent id: prefix, underscore, a UUID with dashes turned into underscores. */
export function newAgentId(prefix: string, uuid: string = globalThis.crypto.randomUUID()): string {
  return `${prefix.trim()}_${uuid.replace(/-/g, '_')}`;
}

const uuidSuffix5 = /_[0-9a-fA-F]{8}_[0-9a-fA-F]{4}_[0-9a-fA-F]{4}_[0-9a-fA-F]{4}_[0-9a-fA-F]{12}$/;
const uuidSuffix4 = /_[0-9a-fA-F]{8}_[0-9a-fA-F]{4}_[0-9a-fA-F]{4}_[0-9a-fA-F]{4}$/;

/** Display name rule: name if it differs from id; else the id without its trailing UUID. */
export function agentDisplayName(agent: { id: string; name?: string | null }): string {
  if (agent.name && agent.name !== agent.id) return agent.name;
  if (uuidSuffix5.test(agent.id)) return agent.id.replace(uuidSuffix5, '');
  if (uuidSuffix4.test(agent.id)) return agent.id.replace(uuidSuffix4, '');
  return agent.id;
}

/** Agent names in paths: the prefix_uuid form, or any legacy name of safe characters. */
export const agentNameSchema = z
  .string()
  .min(1, 'agentName is required')
  .max(200, 'agentName must be at most 200 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'agentName can only contain letters, numbers, underscores and dashes');

// ---------- kinds ----------

export const agentKinds = [
  { value: 'knowledge', label: 'Knowledge Agent (RAG)' },
  { value: 'action', label: 'Action Agent (AI Employee)' },
] as const;
export const agentKindSchema = z.enum(['knowledge', 'action']);
export type AgentKind = z.infer<typeof agentKindSchema>;

// ---------- voice (TTS) and transcriber (STT) configs (§3) ----------

export const cartesiaTtsSchema = z.object({
  voice_id: z.string().optional(),
  tts_api_key: providerApiKeySchema.optional(),
  model: z.string().default('sonic-2'),
  speed: z.number().min(-2).max(2).optional(),
  language: z.string().optional(),
});
export const openAiTtsSchema = z.object({
  model: z.string().default('tts-1'),
  speed: z.number().min(0.25).max(4).default(1),
  api_key: providerApiKeySchema.optional(),
  voice: z.string().default('alloy'),
  response_format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']).default('mp3'),
  language: z.string().default('en'),
});
export const elevenLabsTtsSchema = z.object({
  voice_id: z.string().optional(),
  api_key: providerApiKeySchema.optional(),
  model_id: z.string().default('eleven_v3'),
  speed: z.number().optional(),
  stability: z.number().min(0).max(1).default(0.5),
  similarity_boost: z.number().min(0).max(1).default(0.5),
});

/** The keyless voice: Debian's espeak-ng on the voice worker (shown as 'Local (offline)'). */
export const localTtsSchema = z.object({
  /** An espeak-ng voice, e.g. 'en-us', 'en-gb', 'de'. */
  voice: z.string().default('en-us'),
  speed: z.number().min(0.25).max(4).default(1),
  language: z.string().optional(),
});

export const ttsProviderSchema = z.enum(['openai', 'cartesian', 'elevenlabs', 'local']);
export const ttsConfigSchema = z.object({
  provider: ttsProviderSchema,
  openai: openAiTtsSchema.optional(),
  cartesian: cartesiaTtsSchema.optional(),
  elevenlabs: elevenLabsTtsSchema.optional(),
  local: localTtsSchema.optional(),
});
export type TtsConfig = z.infer<typeof ttsConfigSchema>;

export const deepgramSttSchema = z.object({
  api_key: providerApiKeySchema.optional(),
  model: z.string().default('nova-2'),
  language: z.string().default('en-US'),
  punctuate: z.boolean().default(true),
  smart_format: z.boolean().default(true),
  interim_results: z.boolean().default(false),
});
export const openAiSttSchema = z.object({
  api_key: providerApiKeySchema.optional(),
  model: z.string().default('whisper-1'),
  language: z.string().nullable().default(null),
});
/** The keyless transcriber: Debian's pocketsphinx on the voice worker ('Local (offline)'). */
export const localSttSchema = z.object({
  language: z.string().default('en-US'),
});
export const sttProviderSchema = z.enum(['deepgram', 'openai', 'local']);
export const sttConfigSchema = z.object({
  provider: sttProviderSchema,
  deepgram: deepgramSttSchema.optional(),
  openai: openAiSttSchema.optional(),
  local: localSttSchema.optional(),
});
export type SttConfig = z.infer<typeof sttConfigSchema>;

/** Default TTS (§9): openai tts-1, voice alloy, mp3, speed 1, language en. */
export const defaultTtsConfig: TtsConfig = {
  provider: 'openai',
  openai: { model: 'tts-1', voice: 'alloy', response_format: 'mp3', speed: 1, language: 'en' },
};
/** Default STT (§9): deepgram nova-2, en-US. */
export const defaultSttConfig: SttConfig = {
  provider: 'deepgram',
  deepgram: {
    model: 'nova-2',
    language: 'en-US',
    punctuate: true,
    smart_format: true,
    interim_results: false,
  },
};

// ---------- tools (call behaviour) ----------

export const toolsDefaults = {
  initial_message: 'Hello! How can I help you today?',
  nudge_text: 'Hello, Are you still there?',
  nudge_interval: 15,
  max_nudges: 3,
  typing_volume: 0.8,
  max_call_duration: 300,
} as const;

export const toolsLimits = {
  nudge_interval: { min: 5, max: 60, fallback: 15 },
  max_nudges: { min: 1, max: 10, fallback: 3 },
  typing_volume: { min: 0, max: 1, step: 0.1, fallback: 0.8 },
  max_call_duration: { min: 0, max: 600, step: 30, fallback: 300 },
} as const;

/** The default system prompt (§9): an appointment-scheduling voice agent for a clinic. */
export const defaultSystemPrompt = `You are a friendly, efficient appointment-scheduling voice agent for a multi-specialty clinic.
Service areas: family medicine, pediatrics, cardiology, dermatology, orthopedics and women's health.
Opening hours: Monday to Friday 8:00 to 18:00, Saturday 9:00 to 14:00, Sunday closed.
Greet the caller, find out which service they need, offer the next available times within opening hours,
confirm the patient's name, date of birth and phone number, and read the booking back before ending the call.
Never give medical advice; for emergencies tell the caller to hang up and dial the local emergency number.`;

// ---------- agent service: update (create or update) — the publish payload ----------

/** Text limits of the publish payload; the editor shows them as counters. */
export const agentTextLimits = {
  initial_message: 2000,
  nudge_text: 2000,
  system_prompt: 100_000,
  name: 200,
  description: 2000,
} as const;

/** An empty value (no URL) or an absolute http(s) URL. */
export const isHttpUrlOrEmpty = (value: string | null | undefined) => {
  if (!value || !value.trim()) return true;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** The Agent API Key's prefixes: a key of this server's runtime (app-) or an OpenAI-style one. */
export const agentApiKeyPattern = /^(app-|sk-)/;

/**
 * Why an Agent API Key (chatbot_key) cannot be stored, or null: the chat widgets, the public chat
 * page and the voice worker send it, so an empty or malformed one would break them all. Both the
 * editor (left out of the save, said beside the field) and the server (400) use this rule.
 */
export function agentApiKeyProblem(key: string): string | null {
  const k = key.trim();
  if (!k) return 'is required: the chat widgets and the public chat page use it';
  if (/\s/.test(k)) return 'cannot contain spaces';
  if (!agentApiKeyPattern.test(k)) return "must start with 'app-' or 'sk-'";
  if (k.length > 500) return 'must be at most 500 characters';
  return null;
}

export const agentUpdateRequestSchema = z.object({
  organization_id: z.string().min(1, 'organization_id is required'),
  chatbot_api: z
    .string()
    .nullable()
    .optional()
    .refine(
      isHttpUrlOrEmpty,
      'must be an http(s) URL such as https://your-server/v1/chat-messages',
    ),
  chatbot_key: z
    .string()
    .nullable()
    .optional()
    .superRefine((key, ctx) => {
      const problem = typeof key === 'string' ? agentApiKeyProblem(key) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  tts_config: ttsConfigSchema.optional(),
  stt_config: sttConfigSchema.optional(),
  initial_message: z.string().max(agentTextLimits.initial_message).optional(),
  nudge_text: z.string().max(agentTextLimits.nudge_text).optional(),
  nudge_interval: z.number().int().min(5).max(60).optional(),
  max_nudges: z.number().int().min(1).max(10).optional(),
  typing_volume: z.number().min(0).max(1).optional(),
  max_call_duration: z.number().int().min(0).max(600).optional(),
  system_prompt: z.string().max(agentTextLimits.system_prompt).optional(),
  /** The create payload additionally carries the model (§3). */
  model_provider: z.string().max(200, 'must be at most 200 characters').optional(),
  model_name: z.string().max(200, 'must be at most 200 characters').optional(),
  model_api_key: providerApiKeySchema.optional(),
  model_live_url: z.string().optional(),
  /** Display name and description (our server keeps them; the spec's UI reads them). */
  name: z.string().max(agentTextLimits.name).optional(),
  description: z.string().max(agentTextLimits.description).optional(),
  status: z.enum(['active', 'draft']).optional(),
  /** Sites allowed to embed this agent (origins like https://shop.example); empty = any. */
  allowed_origins: z
    .array(
      z
        .string()
        .regex(
          /^https?:\/\/[^/\s]+$/,
          'each allowed origin must look like https://example.com (no path)',
        ),
    )
    .max(50)
    .optional(),
  /**
   * 'Let visitors receive e-mails/texts' (off by default): a web visitor's chat may have the send
   * tools write to an address the visitor gives, within the visitor limits (docs/tools.md).
   */
  visitor_sends: z.boolean({ error: 'must be true or false' }).optional(),
  /**
   * 'Talk to a person' (on by default): the chat widget and the public page offer the visitor a
   * button that asks for a person of the team (POST /v1/conversations/{id}/handoff).
   */
  talk_to_person: z.boolean({ error: 'must be true or false' }).optional(),
  /** The agent's own storage mode and redacted kinds (null: the organization's; docs/privacy.md). */
  storage_mode: agentStorageModeSchema.optional(),
  redact_categories: agentRedactCategoriesSchema.optional(),
  /** Said or sent first on voice, SMS, WhatsApp and e-mail (empty or null: none). */
  disclosure: disclosureSchema.optional(),
  /** A call asks the caller's consent to be transcribed; a refusal stores nothing of the call. */
  transcription_consent: z.boolean({ error: 'must be true or false' }).optional(),
});
export type AgentUpdateRequest = z.input<typeof agentUpdateRequestSchema>;

/** The agent config as the agent service returns it (info, list entries). */
export const agentConfigSchema = z.looseObject({
  id: z.string().optional(),
  agent_name: z.string().optional(),
  name: z.string().optional(),
  status: z.string().optional(),
  description: z.string().nullable().optional(),
  organization_id: z.string().nullable().optional(),
  chatbot_api: z.string().nullable().optional(),
  chatbot_key: z.string().nullable().optional(),
  tts_config: z.unknown().optional(),
  stt_config: z.unknown().optional(),
  initial_message: z.string().nullable().optional(),
  nudge_text: z.string().nullable().optional(),
  nudge_interval: z.number().nullable().optional(),
  max_nudges: z.number().nullable().optional(),
  typing_volume: z.number().nullable().optional(),
  max_call_duration: z.number().nullable().optional(),
  system_prompt: z.string().nullable().optional(),
  model_provider: z.string().nullable().optional(),
  model_name: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  provider: z.string().nullable().optional(),
  app_id: z.string().nullable().optional(),
  agent_type: agentKindSchema.nullable().optional(),
  allowed_origins: z.array(z.string()).optional(),
  visitor_sends: z.boolean().optional(),
  /** The version every channel serves; null: never published (docs/versions.md). */
  live_version: z.number().nullable().optional(),
  talk_to_person: z.boolean().optional(),
  storage_mode: z.string().nullable().optional(),
  redact_categories: z.array(z.string()).nullable().optional(),
  disclosure: z.string().nullable().optional(),
  transcription_consent: z.boolean().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

export const agentUpdateResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  agent: agentConfigSchema.optional(),
});
export const agentDeleteResponseSchema = z.object({
  success: z.boolean().optional(),
  message: z.string(),
});
export const agentDeleteByOrgRequestSchema = z.object({ agent_name: agentNameSchema.optional() });

/** The agent as the UI views it (§3), with the spec's defaults filled in. */
export interface AgentView {
  id: string;
  name: string;
  status: 'active' | 'draft';
  model: string;
  provider: string;
  cost: string;
  latency: string;
  description: string;
  organization_id: string | null;
  chatbot_api: string | null;
  chatbot_key: string | null;
  initial_message: string | null;
  system_prompt: string | null;
  created_at: string | null;
  updated_at: string | null;
  config: AgentConfig;
}

/** Maps an agent-service entry (keyed or not) to the UI view with the spec's defaults. */
export function toAgentView(entry: AgentConfig, key?: string): AgentView {
  const id = entry.agent_name ?? entry.id ?? key ?? entry.name ?? '';
  // Expected from its model, voice and transcriber (the defaults: '~$0.10/min', '~1000ms').
  const figures = agentFiguresOfConfig(entry);
  return {
    id,
    name: entry.name ?? id,
    status: entry.status === 'active' ? 'active' : 'draft',
    model: entry.model ?? entry.model_name ?? 'GPT-4o',
    provider: entry.provider ?? entry.model_provider ?? 'OpenAI',
    cost: figures.cost,
    latency: figures.latency,
    description: entry.description ?? 'AI Agent',
    organization_id: entry.organization_id ?? null,
    chatbot_api: entry.chatbot_api ?? null,
    chatbot_key: entry.chatbot_key ?? null,
    initial_message: entry.initial_message ?? null,
    system_prompt: entry.system_prompt ?? null,
    created_at: entry.created_at ?? null,
    updated_at: entry.updated_at ?? null,
    config: entry,
  };
}

/**
 * Tolerant reader for GET /api/agents/by-org/{orgId} (§7): an array, or `{agents}` as an
 * object keyed by name or an array, or `{data: array}`. Anything else reads as no agents.
 */
export function readAgentsList(body: unknown): AgentView[] {
  const entries: Array<[AgentConfig, string | undefined]> = [];
  const push = (value: unknown, key?: string) => {
    const parsed = agentConfigSchema.safeParse(value);
    if (parsed.success) entries.push([parsed.data, key]);
  };
  const fromCollection = (value: unknown) => {
    if (Array.isArray(value)) value.forEach((v) => push(v));
    else if (value && typeof value === 'object')
      Object.entries(value).forEach(([k, v]) => push(v, k));
  };
  if (Array.isArray(body)) fromCollection(body);
  else if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if ('agents' in b) fromCollection(b.agents);
    else if (Array.isArray(b.data)) fromCollection(b.data);
  }
  return entries.map(([e, k]) => toAgentView(e, k)).filter((a) => a.id !== '');
}

/** The agents list answer our server gives: `{ agents: [...] }`. */
export const agentsByOrgResponseSchema = z.object({ agents: z.array(agentConfigSchema) });

export const agentErrorMessages = {
  create: 'Failed to create agent',
  configure: 'Failed to configure agent',
  info: 'Failed to get agent configuration',
  list: 'Failed to get agents',
  delete: 'Failed to delete agent',
  listEmpty: 'No agents found. Create your first agent!',
  listFailed: 'Failed to load agents from server',
  cleanupTimeout: 'Dify cleanup timeout',
} as const;

/** '❌ Failed to create agent: {message}' (§8). */
export function createAgentFailedAlert(message: string): string {
  return `❌ Failed to create agent: ${message}`;
}
/** '❌ Error creating agent: {message or Unknown error}' (§8). */
export function createAgentErrorAlert(message?: string | null): string {
  return `❌ Error creating agent: ${message || 'Unknown error'}`;
}

import { z } from 'zod';
import { messageTextLimits, phoneFormatMessage, phonePattern } from './common';

/**
 * The telephony contract: the voice backend's phone-number calls (spec channels-and-shell §7),
 * the provider status the channel screens show ('Sandbox'), the sandbox's simulated inbound
 * events and outbox, and the per-organization integrations store (provider + JSON secret).
 */

export const telephonyProviders = ['sandbox', 'twilio'] as const;
export type TelephonyProviderName = (typeof telephonyProviders)[number];

/** Messages from the spec's catalogue (§5, §8) used by the phone-number screens and client. */
export const phoneMessages = {
  syncSuccess: 'Phone numbers synced successfully from a telephony provider!',
  syncFailed: 'Failed to sync phone numbers',
  syncUnexpected: 'An unexpected error occurred during sync',
  syncFailedProvider: (msg: string) => `Failed to sync phone numbers from Twilio: ${msg}`,
  assignFailed: (msg: string) => `Failed to assign phone number to agent: ${msg}`,
  unassignFailed: (msg: string) => `Failed to unassign phone number from agent: ${msg}`,
  allUnassignFailed: 'All unassign endpoint patterns failed',
  listFailed: (msg: string) => `Failed to get phone numbers for organization: ${msg}`,
  agentsFailed: (msg: string) => `Failed to get agents for organization: ${msg}`,
  availableFailed: (msg: string) => `Failed to get available phone numbers: ${msg}`,
  assignError: (msg: string) => `Error assigning phone number: ${msg}`,
  unassignError: (msg: string) => `Error unassigning phone number: ${msg}`,
  unassignUnexpected: 'An error occurred while unassigning the phone number.',
  assigned: (n: string) => `Phone number ${n} assigned successfully!`,
  unassigned: (n: string) => `Phone number ${n} unassigned successfully!`,
  selectNumber: 'Please select a phone number.',
  noNumberSelected: 'No phone number selected.',
  phoneIdMissing: 'Phone ID not found. Please refresh and try again.',
  phoneIdOrAgentMissing: 'Phone ID or current agent not found. Please refresh and try again.',
} as const;

/** A number has one agent per channel, each assigned and unassigned on its own. */
export const numberChannels = ['voice', 'sms', 'whatsapp'] as const;
export type NumberChannel = (typeof numberChannels)[number];
export const numberChannelLabels: Record<NumberChannel, string> = {
  voice: 'Voice',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};
export const numberChannelSchema = z.enum(numberChannels, 'channel must be voice, sms or whatsapp');
/** `?channel=` of the phone-number assign and unassign calls (default voice). */
export const channelQuerySchema = z.object({ channel: numberChannelSchema.optional() });
/** `?channels=voice,sms` of the assign call: every channel named is assigned (default voice). */
export const channelsQuerySchema = z.object({
  channel: numberChannelSchema.optional(),
  channels: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const list = [...new Set(v.split(',').map((c) => c.trim()))].filter(Boolean);
      for (const c of list) {
        if (!(numberChannels as readonly string[]).includes(c)) {
          ctx.addIssue({ code: 'custom', message: `${c} is not a channel (voice, sms, whatsapp)` });
          return z.NEVER;
        }
      }
      if (list.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'name at least one channel' });
        return z.NEVER;
      }
      return list as NumberChannel[];
    }),
});

/** The 409 when a number of a shared account is held by another organization. */
export const numberInUseMessage = (field: string, number: string) =>
  `${field}: ${number} is in use by another organization`;

/** A phone number as the server writes it (the tolerant reader in voice.ts reads it back). */
export const phoneNumberWireSchema = z.object({
  phone_id: z.string(),
  phone_number: z.string(),
  friendly_name: z.string(),
  /** The number's agent: its voice agent, else its SMS agent, else its WhatsApp agent. */
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  voice_agent_id: z.string().nullable(),
  voice_agent_name: z.string().nullable(),
  sms_agent_id: z.string().nullable(),
  sms_agent_name: z.string().nullable(),
  whatsapp_agent_id: z.string().nullable(),
  whatsapp_agent_name: z.string().nullable(),
  /** From an account other organizations may sync too (held by one organization at a time). */
  shared: z.boolean(),
  organization_id: z.string(),
  status: z.enum(['available', 'assigned']),
  provider: z.enum(telephonyProviders),
  voice_enabled: z.boolean(),
  sms_enabled: z.boolean(),
  whatsapp_enabled: z.boolean(),
  inbound_enabled: z.boolean(),
  outbound_enabled: z.boolean(),
  assigned_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PhoneNumberWire = z.infer<typeof phoneNumberWireSchema>;

export const telephonyStatusSchema = z.object({
  provider: z.enum(telephonyProviders),
  /** True while the organization uses the sandbox: every channel screen says so. */
  sandbox: z.boolean(),
  /** Where the credentials come from: the organization's integration, the server's env, none. */
  credentials: z.enum(['organization', 'server', 'none']),
  /**
   * The install's shared telephony (the operator's Twilio account or configured sandbox numbers):
   * whether it exists and whether it serves this organization (its first, or one the operator
   * lists). Configured but not served: the console says so where the shared numbers would be.
   */
  shared: z.object({ configured: z.boolean(), served: z.boolean() }).optional(),
});
export type TelephonyStatus = z.infer<typeof telephonyStatusSchema>;

/** GET /voice/phone-numbers/organization/{org}. */
export const phoneNumberListResponseSchema = telephonyStatusSchema.extend({
  phone_numbers: z.array(phoneNumberWireSchema),
  count: z.number().int(),
  total_count: z.number().int(),
});
export type PhoneNumberListResponse = z.infer<typeof phoneNumberListResponseSchema>;

/** GET /voice/phone-numbers/status/available (optionally ?organization_id=). */
export const availableQuerySchema = z.object({
  organization_id: z.string().min(1, 'organization_id is required').optional(),
});

/** The phone id in a path: our numbers' ids are UUIDs. */
export const phoneIdSchema = z.uuid({ error: 'must be a phone number id (UUID)' });

/** POST /voice/phone-numbers/sync-all-providers. */
export const syncRequestSchema = z.object({
  organization_id: z.string().min(1, 'organization_id is required').optional(),
  /** Point each number's voice and messaging webhooks at PUBLIC_URL (twilio; default on). */
  configure_webhooks: z.boolean().optional(),
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;

export const syncResponseSchema = telephonyStatusSchema.extend({
  success: z.literal(true),
  message: z.string(),
  organization_id: z.string(),
  synced: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  webhooks_configured: z.number().int(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

export const assignResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  phone_number: phoneNumberWireSchema,
});
export type AssignResponse = z.infer<typeof assignResponseSchema>;

/** POST /voice/phone-numbers/{phoneId}/unassign with agent_id in the body. */
export const unassignBodySchema = z.object({
  agent_id: z.string().min(1, 'agent_id is required'),
});
/** PUT /voice/phone-numbers/{phoneId}/assign with agent_id (null = unassign). */
export const putAssignBodySchema = z.object({
  agent_id: z.union([z.string().min(1), z.null()], 'agent_id must be an agent id or null'),
});

// ---------- sandbox: simulated inbound events and the outbox ----------

export const simulateEventRequestSchema = z
  .object({
    event: z.enum(['voice', 'sms', 'whatsapp'], 'event must be voice, sms or whatsapp'),
    to: z.string().regex(phonePattern, phoneFormatMessage),
    from: z.string().regex(phonePattern, phoneFormatMessage),
    text: z.string().optional(),
  })
  // The channel's own limit, the same as its send form's (SMS 1600, WhatsApp 4096).
  .superRefine((body, ctx) => {
    const limit = body.event === 'whatsapp' ? messageTextLimits.whatsapp : messageTextLimits.sms;
    if (body.text !== undefined && body.text.length > limit)
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: `text must be at most ${limit} characters`,
      });
  });
export type SimulateEventRequest = z.infer<typeof simulateEventRequestSchema>;

export const simulateEventResponseSchema = z.object({
  success: z.literal(true),
  /** What the server answered the provider (TwiML). */
  twiml: z.string(),
  answered_by: z.enum(['agent', 'unassigned']),
  agent_id: z.string().nullable(),
  conversation_id: z.string().nullable(),
});
export type SimulateEventResponse = z.infer<typeof simulateEventResponseSchema>;

export const outboxEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['sms', 'whatsapp', 'call']),
  from_number: z.string(),
  to_number: z.string(),
  body: z.string().nullable(),
  provider_message_id: z.string(),
  created_at: z.string(),
});
export const outboxResponseSchema = z.object({ outbox: z.array(outboxEntrySchema) });
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

// ---------- integrations: one JSON secret per provider and organization ----------

/** The providers an organization may give credentials for (any other name is refused). */
export const knownIntegrationProviders = [
  'twilio',
  'whatsapp_cloud',
  'openai',
  'elevenlabs',
  'cartesia',
  'deepgram',
] as const;
export type KnownIntegrationProvider = (typeof knownIntegrationProviders)[number];
export const integrationProviderSchema = z.enum(knownIntegrationProviders, {
  error: `must be one of ${knownIntegrationProviders.join(', ')}`,
});

/** The secret's fields: names to non-empty strings (at most 20 fields, 4 KB each). */
export const integrationCredentialsSchema = z
  .record(
    z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'credential names are lowercase snake_case'),
    z.string().trim().min(1, 'must not be empty').max(4096, 'must be at most 4096 characters'),
  )
  .refine((r) => Object.keys(r).length > 0, 'at least one credential is required')
  .refine((r) => Object.keys(r).length <= 20, 'at most 20 credentials');

export const setIntegrationRequestSchema = z.object({
  credentials: integrationCredentialsSchema,
});
export type SetIntegrationRequest = z.infer<typeof setIntegrationRequestSchema>;

/** A required credential string ('is required' when missing), trimmed. */
const credential = () =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string'),
    })
    .trim();
/** Printable ASCII without spaces or control characters (what API keys and tokens are made of). */
const printable = /^[\x21-\x7e]+$/;
const printableMessage = 'must be printable characters without spaces or control characters';

/**
 * Twilio's credentials: the Account SID (AC + 32 hex) and the Auth Token (32 hex), as the
 * Console shows them. (API key SIDs, SK + 32 hex, are not used by Parley.)
 */
export const twilioCredentialsSchema = z.strictObject({
  account_sid: credential().regex(
    /^AC[0-9a-fA-F]{32}$/,
    'must be a Twilio Account SID (AC followed by 32 hex digits)',
  ),
  auth_token: credential().regex(
    /^[0-9a-fA-F]{32}$/,
    'must be a Twilio Auth Token (32 hex digits)',
  ),
});

/** Meta's WhatsApp Cloud API: the number's id, a system user's access token, the app secret. */
export const whatsappCloudCredentialsSchema = z.strictObject({
  phone_number_id: credential().regex(/^\d{5,30}$/, 'must be the numeric phone number ID'),
  access_token: credential()
    .min(32, 'must be at least 32 characters (a Meta access token)')
    .max(2048, 'must be at most 2048 characters')
    .regex(printable, printableMessage),
  app_secret: credential().regex(
    /^[0-9a-fA-F]{32}$/,
    'must be the Meta app secret (32 hex digits)',
  ),
  verify_token: credential()
    .min(8, 'must be at least 8 characters')
    .max(256, 'must be at most 256 characters')
    .regex(printable, printableMessage),
});

export const integrationSchema = z.object({
  provider: z.string(),
  configured: z.boolean(),
  /** Field → masked value (only the last 4 characters shown). */
  masked: z.record(z.string(), z.string()),
  /** Where the provider calls this integration (WhatsApp Cloud: its own callback URL). */
  callback_url: z.string().optional(),
  last_tested_at: z.string().nullable(),
  last_test_ok: z.boolean().nullable(),
  last_test_message: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListResponseSchema = z.object({
  integrations: z.array(integrationSchema),
});
export const integrationTestResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type IntegrationTestResult = z.infer<typeof integrationTestResponseSchema>;

/** The voice and model providers' credentials: one API key (printable, no spaces). */
export const apiKeyCredentialsSchema = z.strictObject({
  api_key: credential()
    .min(8, 'must be at least 8 characters')
    .max(512, 'must be at most 512 characters')
    .regex(printable, printableMessage),
});

/** Each known provider's credentials, checked when saved (fields named `credentials.<name>`). */
export const integrationCredentialSchemas: Record<
  KnownIntegrationProvider,
  z.ZodType<Record<string, string>>
> = {
  twilio: twilioCredentialsSchema,
  whatsapp_cloud: whatsappCloudCredentialsSchema,
  openai: apiKeyCredentialsSchema,
  elevenlabs: apiKeyCredentialsSchema,
  cartesia: apiKeyCredentialsSchema,
  deepgram: apiKeyCredentialsSchema,
};

/** The providers the console offers, their credential fields, and whether voices can be listed. */
export const integrationProviders = [
  {
    provider: 'twilio',
    label: 'Twilio',
    fields: [
      { name: 'account_sid', label: 'Account SID' },
      { name: 'auth_token', label: 'Auth Token' },
    ],
    voices: false,
  },
  {
    provider: 'openai',
    label: 'OpenAI',
    fields: [{ name: 'api_key', label: 'API key' }],
    voices: false,
  },
  {
    provider: 'elevenlabs',
    label: 'ElevenLabs',
    fields: [{ name: 'api_key', label: 'API key' }],
    voices: true,
  },
  {
    provider: 'cartesia',
    label: 'Cartesia',
    fields: [{ name: 'api_key', label: 'API key' }],
    voices: true,
  },
  {
    provider: 'deepgram',
    label: 'Deepgram',
    fields: [{ name: 'api_key', label: 'API key' }],
    voices: false,
  },
  {
    // Meta's WhatsApp Cloud API: each integration has its own callback URL (shown once saved).
    provider: 'whatsapp_cloud',
    label: 'WhatsApp Cloud API',
    fields: [
      { name: 'phone_number_id', label: 'Phone number ID' },
      { name: 'access_token', label: 'Access token' },
      { name: 'app_secret', label: 'App secret' },
      { name: 'verify_token', label: 'Verify token' },
    ],
    voices: false,
  },
] as const;
export type IntegrationProviderInfo = (typeof integrationProviders)[number];
export type IntegrationProviderName = IntegrationProviderInfo['provider'];

/** One voice of a provider's library, as 'Change voice' lists it. */
export const integrationVoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string().nullable(),
  description: z.string().nullable(),
  preview_url: z.string().nullable(),
});
export type IntegrationVoice = z.infer<typeof integrationVoiceSchema>;
export const integrationVoicesResponseSchema = z.object({
  voices: z.array(integrationVoiceSchema),
});

// ---------- shared provider resources (the operator's keys and accounts) ----------

/**
 * GET /api/shared-providers/{org}: which of the install's shared resources exist (server-wide
 * model and voice keys, the operator's Twilio account, configured sandbox numbers) and whether
 * they serve this organization (the install's first, or one PARLEY_SHARED_PROVIDER_ORGS lists).
 */
export const sharedProvidersSchema = z.object({
  organization_id: z.string(),
  served: z.boolean(),
  /** Model providers with a server-wide key (openai, anthropic, google, groq, deepseek, xai). */
  model_providers: z.array(z.string()),
  /** Voice and transcriber providers with a server-wide key (openai, elevenlabs, cartesian, deepgram). */
  voice_providers: z.array(z.string()),
  /** The operator's Twilio account (TWILIO_*). */
  twilio: z.boolean(),
  /** Numbers configured in PARLEY_SANDBOX_NUMBERS. */
  sandbox_numbers: z.boolean(),
});
export type SharedProviders = z.infer<typeof sharedProvidersSchema>;

/** What the console says where a shared resource would have been used but does not serve. */
export const sharedProviderMessages = {
  modelKey: (provider: string) =>
    `This install's shared ${provider} key serves only its first organization and those its operator lists; add your own key here (or set one in Integrations).`,
  voiceKey: (provider: string) =>
    `This install's shared ${provider} key serves only its first organization and those its operator lists; add your own in Integrations.`,
  telephony:
    "This install's shared telephony account serves only its first organization and those its operator lists: its numbers are not offered here. Add your own Twilio account in Integrations; until then this organization uses the sandbox.",
} as const;

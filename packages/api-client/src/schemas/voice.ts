import { z } from 'zod';
import { transcriptionConsentValues } from './agentPrivacy';
import { phoneFormatMessage, phonePattern } from './common';
import { callEndedBySchema, callTransportSchema } from './voiceCalls';

/**
 * POST /voice/tokens/generate?agent_name= — how to join the call: a LiveKit room (`transport`
 * 'livekit', or absent from an older server: token and livekit_url) or, without LiveKit, the
 * server's own WebSocket stream (`transport` 'websocket': a single-use `url` valid until `expires_at`).
 */
export const voiceTokenResponseSchema = z.looseObject({
  transport: z.enum(['livekit', 'websocket']).optional(),
  token: z.string().optional(),
  livekit_url: z.string().optional(),
  room_name: z.string().optional(),
  agent_name: z.string().optional(),
  participant_identity: z.string().optional(),
  participant_name: z.string().optional(),
  /** WebSocket transport: `ws(s)://…/voice/stream?token=…` (one call, once). */
  url: z.string().optional(),
  /** WebSocket transport: when the URL stops being accepted (ISO 8601). */
  expires_at: z.string().optional(),
});
export type VoiceTokenResponse = z.infer<typeof voiceTokenResponseSchema>;
export const voiceMessages = {
  invalidToken: 'Invalid response: missing token or livekit_url',
  invalidStream: 'Invalid response: missing url',
  connectFailed: 'Failed to connect to agent',
} as const;

/** A LiveKit room to join (the spec's answer). */
export type LivekitJoin = z.infer<typeof voiceTokenResponseSchema> & {
  transport: 'livekit';
  token: string;
  livekit_url: string;
};
/** The server's own WebSocket call stream (no LiveKit): docs/voice-worker.md, "WebSocket calls". */
export type WebSocketJoin = z.infer<typeof voiceTokenResponseSchema> & {
  transport: 'websocket';
  url: string;
};
export type VoiceJoin = LivekitJoin | WebSocketJoin;

/** The spec's check: a token and a LiveKit URL must both be present (a WebSocket answer: its url). */
export function readVoiceToken(body: z.infer<typeof voiceTokenResponseSchema>): VoiceJoin {
  if (body.transport === 'websocket') {
    if (!body.url) throw new Error(voiceMessages.invalidStream);
    return { ...body, transport: 'websocket', url: body.url };
  }
  if (!body.token || !body.livekit_url) throw new Error(voiceMessages.invalidToken);
  return { ...body, transport: 'livekit', token: body.token, livekit_url: body.livekit_url };
}

export const phoneNumberSchema = z.looseObject({
  phone_number: z.string().optional(),
  number: z.string().optional(),
  phone_id: z.string().optional(),
  _id: z.string().optional(),
  friendly_name: z.string().nullable().optional(),
  provider: z.string().nullable().optional(),
  assigned_at: z.string().nullable().optional(),
  agent_id: z.string().nullable().optional(),
  agent_name: z.string().nullable().optional(),
  voice_agent_id: z.string().nullable().optional(),
  voice_agent_name: z.string().nullable().optional(),
  sms_agent_id: z.string().nullable().optional(),
  sms_agent_name: z.string().nullable().optional(),
  whatsapp_agent_id: z.string().nullable().optional(),
  whatsapp_agent_name: z.string().nullable().optional(),
  shared: z.boolean().nullable().optional(),
  organization_id: z.string().nullable().optional(),
  status: z.string().optional(),
  voice_enabled: z.boolean().nullable().optional(),
  sms_enabled: z.boolean().nullable().optional(),
  whatsapp_enabled: z.boolean().nullable().optional(),
  inbound_enabled: z.boolean().nullable().optional(),
  outbound_enabled: z.boolean().nullable().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});
export type PhoneNumberRaw = z.infer<typeof phoneNumberSchema>;

export interface PhoneNumber {
  phone_number: string;
  phone_id: string;
  friendly_name: string | null;
  provider: string | null;
  assigned_at: string | null;
  agent_id: string | null;
  agent_name: string | null;
  /** The agent of each channel (a server with one agent per number: that agent on each). */
  voice_agent_id: string | null;
  voice_agent_name: string | null;
  sms_agent_id: string | null;
  sms_agent_name: string | null;
  whatsapp_agent_id: string | null;
  whatsapp_agent_name: string | null;
  shared: boolean;
  organization_id: string | null;
  status: string;
  voice_enabled: boolean;
  sms_enabled: boolean;
  whatsapp_enabled: boolean;
  inbound_enabled: boolean;
  outbound_enabled: boolean;
  created_at: string | null;
  updated_at: string | null;
}

/** Normalizes a phone number entry (number/_id aliases, 'unassigned' agent → null, status default). */
export function toPhoneNumber(raw: PhoneNumberRaw): PhoneNumber {
  const agent = raw.agent_id && raw.agent_id !== 'unassigned' ? raw.agent_id : null;
  const perChannel = (id: string | null | undefined, name: string | null | undefined) =>
    id === undefined
      ? { id: agent, name: agent ? (raw.agent_name ?? null) : null }
      : { id: id && id !== 'unassigned' ? id : null, name: name ?? null };
  const voice = perChannel(raw.voice_agent_id, raw.voice_agent_name);
  const sms = perChannel(raw.sms_agent_id, raw.sms_agent_name);
  const whatsapp = perChannel(raw.whatsapp_agent_id, raw.whatsapp_agent_name);
  return {
    phone_number: raw.phone_number ?? raw.number ?? '',
    phone_id: raw.phone_id ?? raw._id ?? '',
    friendly_name: raw.friendly_name ?? null,
    provider: raw.provider ?? null,
    assigned_at: raw.assigned_at ?? null,
    agent_id: agent,
    agent_name: raw.agent_name ?? null,
    voice_agent_id: voice.id,
    voice_agent_name: voice.name,
    sms_agent_id: sms.id,
    sms_agent_name: sms.name,
    whatsapp_agent_id: whatsapp.id,
    whatsapp_agent_name: whatsapp.name,
    shared: raw.shared ?? false,
    organization_id: raw.organization_id ?? null,
    status: raw.status ?? 'available',
    voice_enabled: raw.voice_enabled ?? false,
    sms_enabled: raw.sms_enabled ?? false,
    whatsapp_enabled: raw.whatsapp_enabled ?? false,
    inbound_enabled: raw.inbound_enabled ?? false,
    outbound_enabled: raw.outbound_enabled ?? false,
    created_at: raw.created_at ?? null,
    updated_at: raw.updated_at ?? null,
  };
}

/** Tolerant reader: an array, `phone_numbers`, or `data.phone_numbers`. */
export function readPhoneNumbers(body: unknown): PhoneNumber[] {
  let list: unknown = [];
  if (Array.isArray(body)) list = body;
  else if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (Array.isArray(b.phone_numbers)) list = b.phone_numbers;
    else if (
      b.data &&
      typeof b.data === 'object' &&
      Array.isArray((b.data as Record<string, unknown>).phone_numbers)
    )
      list = (b.data as Record<string, unknown>).phone_numbers;
  }
  return (list as unknown[]).flatMap((item) => {
    const parsed = phoneNumberSchema.safeParse(item);
    return parsed.success ? [toPhoneNumber(parsed.data)] : [];
  });
}

/** GET /voice/agents/by-org/{org}: an `agents` object keyed by prefix. */
export const voiceAgentSchema = z.looseObject({
  name: z.string(),
  organization_id: z.string().nullable().optional(),
  api_key: z.string().nullable().optional(),
  chatbot_key: z.string().nullable().optional(),
  chatbot_api: z.string().nullable().optional(),
});
export const voiceAgentsByOrgResponseSchema = z.object({
  agents: z.record(z.string(), voiceAgentSchema),
});
export type VoiceAgentsByOrg = z.infer<typeof voiceAgentsByOrgResponseSchema>;

/** Outcomes of one dialled attempt. */
export const callOutcomes = ['answered', 'voicemail', 'no-answer', 'busy', 'failed'] as const;
export type CallOutcome = (typeof callOutcomes)[number];
/** What the sandbox does with a call to a number (the Outbound tab's sandbox control). */
export const sandboxOutcomes = callOutcomes;

/** Statuses of a scheduled event: scheduled → in_progress → completed | failed | expired | cancelled. */
export const scheduledStatuses = [
  'scheduled',
  'in_progress',
  'completed',
  'failed',
  'expired',
  'cancelled',
] as const;
export type ScheduledStatus = (typeof scheduledStatuses)[number];

/** One attempt of a scheduled call (newest first in the event's `attempts`). */
export const scheduledAttemptSchema = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** answered, voicemail, no-answer, busy, failed; null while the call runs. */
  outcome: z.string().nullable(),
  provider_call_id: z.string().nullable(),
  duration_s: z.number().nullable(),
  conversation_id: z.string().nullable(),
  error: z.string().nullable().optional(),
});
export type ScheduledAttempt = z.infer<typeof scheduledAttemptSchema>;

export const scheduledEventSchema = z.looseObject({
  scheduled_id: z.string(),
  organization_id: z.string(),
  agent_id: z.string(),
  call_type: z.literal('outbound_call'),
  recipient_phone: z.string(),
  scheduled_time: z.string(),
  flexible_time_minutes: z.number(),
  max_retries: z.number(),
  status: z.string(),
  message_template: z.string().nullable().optional(),
  /** Why the event is where it is (waiting for the calling window, on the do-not-call list …). */
  status_reason: z.string().nullable().optional(),
  next_attempt_at: z.string().nullable().optional(),
  attempts: z.array(scheduledAttemptSchema).default([]),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type ScheduledEvent = z.infer<typeof scheduledEventSchema>;

export const scheduleMessages = {
  agent: 'Please select an agent',
  phone: phoneFormatMessage,
  timeRequired: 'Scheduled time is required',
  timePast: 'Scheduled time must be in the future',
  summary: 'Please fix the validation errors below.',
  flexible: 'Flexible time must be between 0 and 60 minutes',
  retries: 'Max retries must be between 1 and 10',
  callType: 'Only outbound_call is supported',
  // §8
  scheduled: 'Outbound call scheduled successfully!',
  updated: 'Scheduled event updated successfully!',
  deleted: 'Scheduled event deleted successfully!',
  scheduleFailed: (msg: string) => `Failed to schedule outbound call: ${msg}`,
  updateFailed: 'Failed to update scheduled event',
  updateFailedReason: (reason: string) => `Failed to update scheduled event: ${reason}`,
  deleteFailed: (msg: string) => `Failed to delete scheduled event: ${msg}`,
  deleteConfirm: 'Are you sure you want to delete this scheduled event?',
} as const;

const flexibleSchema = z
  .number({ error: scheduleMessages.flexible })
  .int(scheduleMessages.flexible)
  .min(0, scheduleMessages.flexible)
  .max(60, scheduleMessages.flexible);
const retriesSchema = z
  .number({ error: scheduleMessages.retries })
  .int(scheduleMessages.retries)
  .min(1, scheduleMessages.retries)
  .max(10, scheduleMessages.retries);

export const createScheduledRequestSchema = z.object({
  organization_id: z.string().min(1, 'organization_id is required'),
  agent_id: z.string({ error: scheduleMessages.agent }).min(1, scheduleMessages.agent),
  call_type: z
    .literal('outbound_call', { error: scheduleMessages.callType })
    .default('outbound_call'),
  recipient_phone: z.string({ error: phoneFormatMessage }).regex(phonePattern, phoneFormatMessage),
  scheduled_time: z.iso.datetime({ offset: true, error: scheduleMessages.timeRequired }),
  flexible_time_minutes: flexibleSchema.default(0),
  max_retries: retriesSchema.default(3),
  message_template: z.string().max(2000, 'message_template: at most 2000 characters').optional(),
});
export type CreateScheduledRequest = z.input<typeof createScheduledRequestSchema>;
/** PUT /voice/scheduled/{id}: the fields to change (the id also goes as scheduled_id). */
export const updateScheduledRequestSchema = z.object({
  scheduled_id: z.string().optional(),
  agent_id: createScheduledRequestSchema.shape.agent_id.optional(),
  recipient_phone: createScheduledRequestSchema.shape.recipient_phone.optional(),
  scheduled_time: createScheduledRequestSchema.shape.scheduled_time.optional(),
  flexible_time_minutes: flexibleSchema.optional(),
  max_retries: retriesSchema.optional(),
  message_template: z.string().max(2000).nullable().optional(),
  call_type: createScheduledRequestSchema.shape.call_type.optional(),
});
export type UpdateScheduledRequest = z.input<typeof updateScheduledRequestSchema>;

/** The organization's dialling is paused by the circuit breaker (null when dialling). */
export const dialingPausedSchema = z.object({ since: z.string(), reason: z.string() }).nullable();

export const scheduledListResponseSchema = z.object({
  scheduled_events: z.array(scheduledEventSchema),
  total: z.number().int().optional(),
  dialing_paused: dialingPausedSchema.optional(),
  /** True while the organization's calls go to the sandbox. */
  sandbox: z.boolean().optional(),
});
export type ScheduledListResponse = z.infer<typeof scheduledListResponseSchema>;
export const scheduledListQuerySchema = z.object({
  agent_id: z.string().optional(),
  call_type: z.literal('outbound_call', { error: scheduleMessages.callType }).optional(),
  status: z
    .enum(scheduledStatuses, { error: `must be one of ${scheduledStatuses.join(', ')}` })
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

// ---------- the voice worker's internal calls (bearer PARLEY_WORKER_SECRET) ----------

/** GET /voice/internal/calls/{id}/agent — everything a live call needs of its agent. */
export const voiceWorkerConfigSchema = z.object({
  agent_name: z.string(),
  organization_id: z.string(),
  name: z.string(),
  tts_config: z.unknown(),
  stt_config: z.unknown(),
  initial_message: z.string(),
  nudge_text: z.string(),
  nudge_interval: z.number(),
  max_nudges: z.number(),
  typing_volume: z.number(),
  max_call_duration: z.number(),
  /** The key of the chosen voice / transcriber provider: the agent's own, else the server's; null = none. */
  tts_api_key: z.string().nullable(),
  stt_api_key: z.string().nullable(),
  /** Said first, before the initial message (null: none; docs/privacy.md). */
  disclosure: z.string().nullable().default(null),
  /** Ask the caller's consent to transcribe the call (after the disclosure, instead of the initial message until answered). */
  transcription_consent: z.boolean().default(false),
});
export type VoiceWorkerConfig = z.infer<typeof voiceWorkerConfigSchema>;

/**
 * A call token as it travels (see `@parley/api-client/call-token`): the signed fields and the
 * signature, each a bounded string (checked, and the nonce recorded, by the server); a field
 * the token does not use may be left out ('').
 */
const tokenField = z.string().max(256, 'must be at most 256 characters');
export const callTokenWireSchema = z.object({
  transport: callTransportSchema,
  agent_id: tokenField.min(1, 'agent_id is required'),
  organization_id: tokenField.min(1, 'organization_id is required'),
  call_id: tokenField.default(''),
  call_sid: tokenField.default(''),
  from: tokenField.default(''),
  to: tokenField.default(''),
  room: tokenField.default(''),
  caller: tokenField.default(''),
  expires: z.string().regex(/^\d{1,12}$/, 'must be seconds since the epoch'),
  nonce: tokenField.min(1, 'nonce is required'),
  token: tokenField.min(1, 'token is required'),
});
export type CallTokenWire = z.infer<typeof callTokenWireSchema>;

/**
 * POST /voice/internal/calls — the worker takes a call with the token the server signed for it
 * (phone: the call the webhook opened; browser and widget: a call opened now). Once per token.
 */
export const voiceCallStartRequestSchema = z.object({ call_token: callTokenWireSchema });
export type VoiceCallStartRequest = z.infer<typeof voiceCallStartRequestSchema>;
export const voiceCallStartResponseSchema = z.object({ conversation_id: z.string() });

/** POST /voice/internal/calls/{id}/offline-voice — the call speaks or listens with the local fallback. */
export const voiceCallOfflineVoiceRequestSchema = z.object({ offline_voice: z.boolean() });

/** POST /voice/internal/calls/{id}/chat — one caller turn through the agent runtime (NDJSON). */
export const voiceChatRequestSchema = z.object({
  query: z.string().min(1, 'query is required').max(10_000),
});
/** What the worker does on the call once the answer is spoken (the end_call / transfer_call tools). */
export const voiceCallActionsSchema = z.object({
  end_call: z.object({ reason: z.string().nullable() }).optional(),
  transfer_call: z.object({ number: z.string(), reason: z.string().nullable() }).optional(),
});
export type VoiceCallActions = z.infer<typeof voiceCallActionsSchema>;

/**
 * Lines of the NDJSON answer: text deltas (a tool's start and end between them: the worker says
 * a short filler while a slow tool runs), then one end line with the call's actions (or an
 * error line). While a member holds the call, `held` says what the worker does instead of an
 * agent answer: the caller's words were recorded as a message, or the call is transferred.
 */
export const voiceChatLineSchema = z.union([
  z.object({ delta: z.string() }),
  z.object({ tool_started: z.string() }),
  z.object({ tool_done: z.string() }),
  z.object({
    end: z.literal(true),
    message_id: z.string(),
    offline: z.boolean(),
    actions: voiceCallActionsSchema.optional(),
    held: z.enum(['message_taken', 'transfer']).optional(),
    /** The answer was the call's consent step: asked again, given or refused (then nothing of the call is stored). */
    consent: z.enum(transcriptionConsentValues).optional(),
  }),
  z.object({ error: z.string() }),
]);
export type VoiceChatLine = z.infer<typeof voiceChatLineSchema>;

/**
 * POST /voice/internal/calls/{id}/transfer — the worker transfers a phone call (transfer_call)
 * through the organization's telephony provider: the call's leg is redirected to `<Dial>` the
 * number. 409 for a call without a phone leg (a browser call).
 */
export const voiceCallTransferRequestSchema = z.object({
  number: z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number'),
});
export type VoiceCallTransferRequest = z.infer<typeof voiceCallTransferRequestSchema>;

/** POST /voice/internal/calls/{id}/messages — an agent utterance outside the runtime. */
export const voiceCallMessageRequestSchema = z.object({
  text: z.string().min(1, 'text is required').max(10_000),
  kind: z.enum(['initial_message', 'nudge', 'goodbye', 'notice', 'disclosure', 'consent']),
});

/** POST /voice/internal/calls/{id}/metrics — a turn's figures from the framework. */
export const voiceTurnMetricsRequestSchema = z.object({
  message_id: z.string().uuid('message_id must be a UUID'),
  /** End of the caller's speech → first agent audio. */
  latency_ms: z.number().min(0).max(600_000),
  llm_ttft_ms: z.number().min(0).max(600_000).optional(),
  tts_ttfb_ms: z.number().min(0).max(600_000).optional(),
  end_of_turn_delay_ms: z.number().min(0).max(600_000).optional(),
});

/** POST /voice/internal/calls/{id}/end — the call is over. */
export const voiceCallEndRequestSchema = z.object({
  ended_by: callEndedBySchema,
  end_reason: z.string().max(500).optional(),
});

export * from './voiceCalls';

import { z } from 'zod';
import { toolStepSchema } from './tools';
import {
  messageTextLimits,
  controlCharacters,
  controlCharactersMessage,
  emailFormatMessage,
  emailPattern,
  phoneFormatMessage,
  phonePattern,
} from './common';

export const availableNumbersResponseSchema = z.looseObject({
  phone_numbers: z.array(z.unknown()),
});

export const receivingMappingRequestSchema = z.object({
  receiving_number: z.string().regex(phonePattern, phoneFormatMessage),
  agent_url: z.string().min(1, 'agent_url is required'),
  agent_api_key: z.string().min(1, 'agent_api_key is required'),
});
export const whatsappMappingRequestSchema = receivingMappingRequestSchema.extend({
  phone_number_id: z.string().optional(),
});
export const smsMappingSchema = z.looseObject({
  id: z.string(),
  receiving_number: z.string(),
  agent_url: z.string(),
  agent_api_key: z.string(),
});
export type SmsMapping = z.infer<typeof smsMappingSchema>;

/**
 * A receiving-number mapping as this server writes it (GET /sms|whatsapp/mappings): one channel
 * of one number (its id is the number's id) and the agent answering it there.
 */
export const receivingMappingSchema = z.object({
  id: z.string(),
  receiving_number: z.string(),
  agent_url: z.string(),
  agent_api_key: z.string(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  /** The provider's id of the number (Twilio PN…; the sandbox's SB…). */
  phone_number_id: z.string(),
  channel: z.enum(['sms', 'whatsapp']),
  created_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ReceivingMapping = z.infer<typeof receivingMappingSchema>;

/** GET /sms|whatsapp/mappings (a plain array is read too). */
export const receivingMappingsResponseSchema = z.object({
  success: z.literal(true),
  mappings: z.array(receivingMappingSchema),
  total_mappings: z.number().int(),
});
/** What the mapping calls answer (create, update: the mapping in `data`; delete: none). */
export const mappingAnswerSchema = z.looseObject({
  success: z.boolean(),
  message: z.string(),
  data: receivingMappingSchema.optional(),
});
export type MappingAnswer = z.infer<typeof mappingAnswerSchema>;

/** Reads the mappings list: `{ mappings }` or a plain array. */
export function readMappings(body: unknown): SmsMapping[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { mappings?: unknown }).mappings)
      ? (body as { mappings: unknown[] }).mappings
      : [];
  return list.flatMap((m) => {
    const parsed = smsMappingSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
}

export const whatsappMappingMessages = {
  created: 'WhatsApp mapping created successfully!',
  updated: 'WhatsApp mapping updated successfully!',
  deleted: 'WhatsApp mapping deleted successfully!',
} as const;

/** GET /sms|whatsapp/list-receiving-number-agents: a map keyed by number. */
export const receivingNumberMappingsSchema = z.object({
  receiving_number_mappings: z.record(
    z.string(),
    z.looseObject({
      agent_url: z.string().optional(),
      last_activity: z.string().nullable().optional(),
    }),
  ),
  total_mappings: z.number(),
});
export type ReceivingNumberMappings = z.infer<typeof receivingNumberMappingsSchema>;

/** Looks a number up in the mappings, keyed by digits only or the raw number. */
export function findMapping(
  mappings: ReceivingNumberMappings['receiving_number_mappings'],
  number: string,
) {
  return (
    mappings[number] ?? mappings[number.replace(/\D/g, '')] ?? mappings[number.replace(/^\+/, '')]
  );
}

/** SMS and WhatsApp unassign strip a leading + first. */
export const stripPlus = (number: string) => number.replace(/^\+/, '');

export const smsMessages = {
  from: 'From number is required',
  to: 'To number is required',
  phone: phoneFormatMessage,
  text: 'Message text is required',
  tooLong: `Message text must be at most ${messageTextLimits.sms} characters`,
  summary: 'Please fix the validation errors below.',
  sendFailed: 'Failed to send SMS message',
  sent: 'SMS message sent successfully!',
  mappingCreated: 'SMS mapping created successfully!',
  mappingUpdated: 'SMS mapping updated successfully!',
  mappingDeleted: 'SMS mapping deleted successfully!',
  unassigned: 'Receiving number unassigned successfully!',
} as const;

export const smsSendRequestSchema = z.object({
  from_number: z
    .string({ error: smsMessages.from })
    .trim()
    .min(1, { message: smsMessages.from, abort: true })
    .regex(phonePattern, phoneFormatMessage),
  to_number: z
    .string({ error: smsMessages.to })
    .trim()
    .min(1, { message: smsMessages.to, abort: true })
    .regex(phonePattern, phoneFormatMessage),
  message_text: z
    .string({ error: smsMessages.text })
    .trim()
    .min(1, smsMessages.text)
    .max(messageTextLimits.sms, smsMessages.tooLong)
    .refine((t) => !controlCharacters.test(t), controlCharactersMessage),
  context: z.string().optional(),
});
export type SmsSendRequest = z.infer<typeof smsSendRequestSchema>;

export const whatsappMessages = {
  recipient: 'Recipient phone number is required',
  text: 'Message text is required',
  tooLong: `Message text must be at most ${messageTextLimits.whatsapp} characters`,
  sendFailed: 'Failed to send WhatsApp message',
  sent: 'WhatsApp message sent successfully!',
} as const;
export const whatsappSendRequestSchema = z.object({
  to_number: z
    .string({ error: whatsappMessages.recipient })
    .trim()
    .min(1, { message: whatsappMessages.recipient, abort: true })
    .regex(phonePattern, phoneFormatMessage),
  message_text: z
    .string({ error: whatsappMessages.text })
    .trim()
    .min(1, whatsappMessages.text)
    .max(messageTextLimits.whatsapp, whatsappMessages.tooLong)
    .refine((t) => !controlCharacters.test(t), controlCharactersMessage),
  message_type: z.enum(['text', 'template', 'media']).default('text'),
  context: z.string().optional(),
  receiving_number: z.string().optional(),
});

export const sendResponseSchema = z.looseObject({
  success: z.boolean().optional(),
  message: z.string().optional(),
  data: z.unknown().optional(),
  timestamp: z.string().optional(),
});

/** One message of an SMS or WhatsApp thread (newest first in its conversation). */
export const channelMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']).nullable(),
  /** visitor: the person; agent: the agent's reply; member: sent from the console. */
  author: z.enum(['visitor', 'agent', 'member']).nullable(),
  text: z.string(),
  status: z.string().nullable(),
  offline: z.boolean(),
  error: z.string().nullable(),
  created_at: z.string(),
  /** The tools the agent called for this answer, in order (agent answers that called any). */
  tool_steps: z.array(toolStepSchema).optional(),
  /** An automatic message, not the agent's words: the confirmation of a STOP or a START. */
  automatic: z.enum(['opt_out', 'opt_in']).optional(),
});
export type ChannelMessage = z.infer<typeof channelMessageSchema>;

/** A conversation of the sms or whatsapp channel: our number ↔ the person. */
export const channelConversationSchema = z.object({
  id: z.string(),
  /** Null: a number without an agent (its messages are stored, not answered). */
  agent_id: z.string().nullable(),
  our_number: z.string().nullable(),
  end_user: z.string(),
  updated_at: z.string(),
  messages: z.array(channelMessageSchema),
});
export type ChannelConversation = z.infer<typeof channelConversationSchema>;

/** GET /sms|whatsapp/messages: the organization's threads, most recently active first. */
export const channelMessagesResponseSchema = z.object({
  conversations: z.array(channelConversationSchema),
});
export type ChannelMessagesResponse = z.infer<typeof channelMessagesResponseSchema>;

export const emailMessages = {
  email: emailFormatMessage,
  subject: 'Subject is required',
  text: 'Message text is required',
  sendFailed: 'Failed to send Gmail message',
} as const;

export const emailMappingSchema = z.looseObject({
  email_address: z.string(),
  agent_url: z.string(),
  description: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});
export type EmailMapping = z.infer<typeof emailMappingSchema>;
export const emailMappingsResponseSchema = z.union([
  z.array(emailMappingSchema),
  z.object({ mappings: z.array(emailMappingSchema) }).transform((v) => v.mappings),
]);
export const emailMappingQuerySchema = z.object({
  email_address: z.string().regex(emailPattern, emailFormatMessage),
  agent_url: z.string().min(1, 'agent_url is required'),
  api_key: z.string().min(1, 'api_key is required'),
  description: z.string().max(500).optional(),
});
export const sendTestEmailQuerySchema = z.object({
  to_email: z.string().regex(emailPattern, emailFormatMessage),
  subject: z.string().trim().min(1, emailMessages.subject),
  message: z.string().trim().min(1, emailMessages.text),
  from_email: z.string().regex(emailPattern, emailFormatMessage),
});

/** The shared send form (SMS, WhatsApp, Email): scheduled send through an agent. */
export const sendMessageFormSchema = z.object({
  organization_id: z.string().min(1, 'organization_id is required'),
  agent_prefix: z.string().min(1, 'Please select an agent'),
  recipient_phone: z.string().min(1, 'recipient_phone is required'),
  scheduled_time: z.string().optional(),
  flexible_time_minutes: z.number().int().min(0).max(60).default(0),
  max_retries: z.number().int().min(1).max(10).default(3),
  message_text: z.string().trim().min(1, 'Message text is required'),
  message_type: z.enum(['text', 'template', 'media']).default('text'),
  context: z.string().optional(),
  receiving_number: z.string().optional(),
});
export type SendMessageForm = z.input<typeof sendMessageFormSchema>;

/** One channel's sending limits and usage (GET /messaging/send-limits). */
export const sendLimitChannelSchema = z.object({
  channel: z.enum(['sms', 'whatsapp', 'email', 'call']),
  per_minute: z.number().int(),
  per_day: z.number().int(),
  sent_last_minute: z.number().int(),
  sent_last_day: z.number().int(),
});
export type SendLimitChannel = z.infer<typeof sendLimitChannelSchema>;
export const sendLimitsResponseSchema = z.object({
  organization_id: z.string(),
  /** The operator set this organization's own limits (PARLEY_SEND_LIMITS_BY_ORG). */
  custom: z.boolean(),
  channels: z.array(sendLimitChannelSchema),
});
export type SendLimits = z.infer<typeof sendLimitsResponseSchema>;

/** Send failure text: '{base}: {reason or Unknown error}'. */
export function sendFailedMessage(base: string, reason?: string | null): string {
  return `${base}: ${reason || 'Unknown error'}`;
}

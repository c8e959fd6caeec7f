import { z } from 'zod';
import { createHttp, type HttpOptions } from '../http';
import { anyAnswerSchema } from '../schemas/common';
import { readPhoneNumbers } from '../schemas/voice';
import {
  channelMessagesResponseSchema,
  emailMappingsResponseSchema,
  mappingAnswerSchema,
  readMappings,
  receivingNumberMappingsSchema,
  sendLimitsResponseSchema,
  sendResponseSchema,
  stripPlus,
} from '../schemas/messaging';

/** The form of §7's map-receiving-number-agent and mapping update calls. */
export type MappingForm = {
  receiving_number: string;
  agent_url: string;
  agent_api_key: string;
  /** For a member of several organizations: which one. */
  organization_id?: string;
};

/** The SMS / WhatsApp / mail service, default base '/messaging'. Form-encoded like the spec. */
export function createMessagingClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'messaging' });
  const enc = encodeURIComponent;
  /** `organization_id` for users in several organizations (the server checks membership). */
  const org = (organizationId?: string) =>
    organizationId ? { organization_id: organizationId } : undefined;
  const available = async (organizationId?: string) =>
    readPhoneNumbers(
      await http('GET', '/phone-numbers/available', {
        query: org(organizationId),
        schema: z.unknown(),
      }),
    );
  /** GET /{channel}/phone-numbers: the organization's numbers enabled for the channel. */
  const channelNumbers = async (
    channel: 'sms' | 'whatsapp',
    organizationId?: string,
    signal?: AbortSignal,
  ) =>
    readPhoneNumbers(
      await http('GET', `/${channel}/phone-numbers`, {
        query: org(organizationId),
        schema: z.unknown(),
        signal,
      }),
    );
  /** GET /{channel}/messages: the channel's threads, most recently active first. */
  const channelMessages = (
    channel: 'sms' | 'whatsapp',
    organizationId?: string,
    signal?: AbortSignal,
  ) =>
    http('GET', `/${channel}/messages`, {
      query: org(organizationId),
      schema: channelMessagesResponseSchema,
      signal,
    });
  /** The same key on a retried send makes the server answer the first send, not send again. */
  const idempotency = (key?: string) => (key ? { 'Idempotency-Key': key } : undefined);
  return {
    smsNumbers: async (organizationId?: string) =>
      (await available(organizationId)).filter((n) => n.sms_enabled),
    whatsappNumbers: async (organizationId?: string) =>
      (await available(organizationId)).filter((n) => n.whatsapp_enabled),
    channelNumbers,
    channelMessages,
    smsMappings: async (organizationId?: string) =>
      readMappings(
        await http('GET', '/sms/mappings', { query: org(organizationId), schema: z.unknown() }),
      ),
    whatsappMappings: async (organizationId?: string) =>
      readMappings(
        await http('GET', '/whatsapp/mappings', {
          query: org(organizationId),
          schema: z.unknown(),
        }),
      ),
    mapSms: (form: MappingForm) =>
      http('POST', '/sms/map-receiving-number-agent', { form, schema: mappingAnswerSchema }),
    updateSmsMapping: (id: string, form: MappingForm) =>
      http('POST', `/sms/mappings/${enc(id)}`, { form, schema: mappingAnswerSchema }),
    deleteSmsMapping: (id: string, organizationId?: string) =>
      http('DELETE', `/sms/mappings/${enc(id)}`, {
        query: org(organizationId),
        schema: mappingAnswerSchema,
      }),
    unassignSms: (number: string, organizationId?: string) =>
      http('DELETE', `/sms/unassign-receiving-number-agent/${enc(stripPlus(number))}`, {
        query: org(organizationId),
        schema: anyAnswerSchema,
      }),
    smsReceivingAgents: (organizationId?: string) =>
      http('GET', '/sms/list-receiving-number-agents', {
        query: org(organizationId),
        schema: receivingNumberMappingsSchema,
      }),
    sendSms: (
      form: {
        from_number: string;
        to_number: string;
        message_text: string;
        context?: string;
        organization_id?: string;
      },
      idempotencyKey?: string,
    ) =>
      http('POST', '/sms/send-message', {
        form,
        headers: idempotency(idempotencyKey),
        schema: sendResponseSchema,
      }),
    mapWhatsapp: (form: MappingForm & { phone_number_id?: string }) =>
      http('POST', '/whatsapp/map-receiving-number-agent', { form, schema: mappingAnswerSchema }),
    whatsappReceivingAgents: (organizationId?: string) =>
      http('GET', '/whatsapp/list-receiving-number-agents', {
        query: org(organizationId),
        schema: receivingNumberMappingsSchema,
      }),
    unassignWhatsapp: (number: string, organizationId?: string) =>
      http('DELETE', `/whatsapp/unassign-receiving-number-agent/${enc(stripPlus(number))}`, {
        query: org(organizationId),
        schema: anyAnswerSchema,
      }),
    sendWhatsapp: (
      form: {
        to_number: string;
        message_text: string;
        message_type?: string;
        context?: string;
        receiving_number?: string;
        organization_id?: string;
      },
      idempotencyKey?: string,
    ) =>
      http('POST', '/whatsapp/send-message', {
        form,
        headers: idempotency(idempotencyKey),
        schema: sendResponseSchema,
      }),
    /** The organization's sending limits and what it sent in the last minute and day. */
    sendLimits: (organizationId?: string, signal?: AbortSignal) =>
      http('GET', '/send-limits', {
        query: org(organizationId),
        schema: sendLimitsResponseSchema,
        signal,
      }),
    /** GET /mail/agent-mappings: the organization's assigned mailboxes. */
    mailMappings: (organizationId?: string, signal?: AbortSignal) =>
      http('GET', '/mail/agent-mappings', {
        query: org(organizationId),
        schema: emailMappingsResponseSchema,
        signal,
      }),
    mapMailbox: (query: {
      email_address: string;
      agent_url: string;
      api_key: string;
      description?: string;
    }) => http('POST', '/mail/agent-mapping', { query, schema: anyAnswerSchema }),
    unassignMailbox: (email: string) =>
      http('DELETE', `/mail/unassign-email-agent/${enc(email)}`, { schema: anyAnswerSchema }),
    sendMail: (body: Record<string, unknown>) =>
      http('POST', '/mail/webhook/send', { json: body, schema: sendResponseSchema }),
    sendTestEmail: (query: {
      to_email: string;
      subject: string;
      message: string;
      from_email: string;
    }) => http('POST', '/mail/send-test-email', { query, schema: sendResponseSchema }),
  };
}
export type MessagingClient = ReturnType<typeof createMessagingClient>;

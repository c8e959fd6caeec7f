import { z } from 'zod';
import { createHttp, type HttpOptions } from '../http';
import { anyAnswerSchema } from '../schemas/common';
import {
  readPhoneNumbers,
  readVoiceToken,
  scheduledEventSchema,
  scheduledListResponseSchema,
  voiceAgentsByOrgResponseSchema,
  voiceCallDetailSchema,
  voiceCallListResponseSchema,
  voiceTokenResponseSchema,
  type CreateScheduledRequest,
} from '../schemas/voice';

/** The voice backend (tokens, phone numbers, agents by org, scheduled calls), default base '/voice'. */
export function createVoiceBackendClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'voice' });
  const enc = encodeURIComponent;
  return {
    generateToken: async (agentName: string) =>
      readVoiceToken(
        await http('POST', '/tokens/generate', {
          query: { agent_name: agentName },
          schema: voiceTokenResponseSchema,
        }),
      ),
    phoneNumbersForOrg: async (org: string, signal?: AbortSignal) =>
      readPhoneNumbers(
        await http('GET', `/phone-numbers/organization/${enc(org)}`, {
          schema: z.unknown(),
          signal,
        }),
      ),
    availablePhoneNumbers: async () =>
      readPhoneNumbers(
        await http('GET', '/phone-numbers/status/available', { schema: z.unknown() }),
      ),
    agentsByOrg: (org: string) =>
      http('GET', `/agents/by-org/${enc(org)}`, { schema: voiceAgentsByOrgResponseSchema }),
    assign: (phoneId: string, agentName: string) =>
      http('POST', `/phone-numbers/${enc(phoneId)}/assign/${enc(agentName)}`, {
        schema: anyAnswerSchema,
      }),
    unassign: (phoneId: string, agentId: string) =>
      http('POST', `/phone-numbers/${enc(phoneId)}/unassign/${enc(agentId)}`, {
        schema: anyAnswerSchema,
      }),
    syncAllProviders: () =>
      http('POST', '/phone-numbers/sync-all-providers', { schema: anyAnswerSchema }),
    createScheduled: (body: CreateScheduledRequest) =>
      http('POST', '/scheduled/create', { json: body, schema: scheduledEventSchema }),
    updateScheduled: (id: string, body: Partial<CreateScheduledRequest>) =>
      http('PUT', `/scheduled/${enc(id)}`, {
        json: { ...body, scheduled_id: id },
        schema: scheduledEventSchema,
      }),
    listScheduled: async (
      org: string,
      query?: {
        agent_id?: string;
        call_type?: string;
        status?: string;
        limit?: number;
        offset?: number;
      },
    ) =>
      (
        await http('GET', `/scheduled/organization/${enc(org)}/schedules`, {
          query,
          schema: scheduledListResponseSchema,
        })
      ).scheduled_events,
    /** The agent's calls, newest first (the call log). */
    callsForAgent: async (agentName: string, signal?: AbortSignal) =>
      (
        await http('GET', `/calls/agent/${enc(agentName)}`, {
          schema: voiceCallListResponseSchema,
          signal,
        })
      ).calls,
    /** One call with its transcript, turn by turn. */
    call: (conversationId: string, signal?: AbortSignal) =>
      http('GET', `/calls/${enc(conversationId)}`, { schema: voiceCallDetailSchema, signal }),
    deleteScheduled: (id: string) =>
      http('DELETE', `/scheduled/${enc(id)}`, { schema: anyAnswerSchema }),
  };
}
export type VoiceBackendClient = ReturnType<typeof createVoiceBackendClient>;

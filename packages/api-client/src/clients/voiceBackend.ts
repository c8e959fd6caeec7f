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
  type CallOutcome,
  type CreateScheduledRequest,
  type UpdateScheduledRequest,
} from '../schemas/voice';
import {
  doNotCallResponseSchema,
  sandboxOutcomesResponseSchema,
  schedulingSettingsResponseSchema,
  type SchedulingSettings,
} from '../schemas/dialling';
import {
  assignResponseSchema,
  outboxResponseSchema,
  phoneMessages,
  phoneNumberListResponseSchema,
  simulateEventResponseSchema,
  syncResponseSchema,
  telephonyStatusSchema,
  type SimulateEventRequest,
  type SyncRequest,
  type NumberChannel,
} from '../schemas/telephony';

/** Filters of GET /scheduled/organization/{org}/schedules. */
export type ScheduledQuery = {
  agent_id?: string;
  call_type?: string;
  status?: string;
  limit?: number;
  offset?: number;
};

/** The voice backend (tokens, phone numbers, agents by org, scheduled calls), default base '/voice'. */
export function createVoiceBackendClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'voice' });
  const enc = encodeURIComponent;
  const scheduledPage = (org: string, query?: ScheduledQuery, signal?: AbortSignal) =>
    http('GET', `/scheduled/organization/${enc(org)}/schedules`, {
      query,
      schema: scheduledListResponseSchema,
      signal,
    });
  return {
    /** A call's token; the console's call answers with the draft unless `version` is 'live'. */
    generateToken: async (agentName: string, version?: 'draft' | 'live') =>
      readVoiceToken(
        await http('POST', '/tokens/generate', {
          query: { agent_name: agentName, ...(version ? { version } : {}) },
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
    /** Numbers with no agent on `channel` (default voice). */
    availablePhoneNumbers: async (org?: string, channel?: NumberChannel) =>
      readPhoneNumbers(
        await http('GET', '/phone-numbers/status/available', {
          query: { organization_id: org, channel },
          schema: z.unknown(),
        }),
      ),
    agentsByOrg: (org: string) =>
      http('GET', `/agents/by-org/${enc(org)}`, { schema: voiceAgentsByOrgResponseSchema }),
    /** Assigns the agent to the number's channels (default voice only; each channel its own). */
    assign: (phoneId: string, agentName: string, channels?: readonly NumberChannel[]) =>
      http('POST', `/phone-numbers/${enc(phoneId)}/assign/${enc(agentName)}`, {
        query: channels?.length ? { channels: channels.join(',') } : undefined,
        schema: assignResponseSchema,
      }),
    /**
     * Spec §7: tries the four unassign forms in order until one succeeds — POST
     * /unassign/{agentId}, DELETE on the same path, POST /unassign with agent_id in the body,
     * PUT /assign with agent_id null — else 'All unassign endpoint patterns failed'.
     */
    unassign: async (phoneId: string, agentId: string, channel?: NumberChannel) => {
      const base = `/phone-numbers/${enc(phoneId)}`;
      // Which channel's agent (default voice): the number's other channels keep theirs.
      const query = channel ? { channel } : undefined;
      const attempts = [
        () => http('POST', `${base}/unassign/${enc(agentId)}`, { query, schema: anyAnswerSchema }),
        () =>
          http('DELETE', `${base}/unassign/${enc(agentId)}`, { query, schema: anyAnswerSchema }),
        () =>
          http('POST', `${base}/unassign`, {
            query,
            json: { agent_id: agentId },
            schema: anyAnswerSchema,
          }),
        () =>
          http('PUT', `${base}/assign`, {
            query,
            json: { agent_id: null },
            schema: anyAnswerSchema,
          }),
      ];
      let last: unknown;
      for (const attempt of attempts) {
        try {
          return await attempt();
        } catch (error) {
          last = error;
        }
      }
      throw new Error(phoneMessages.allUnassignFailed, { cause: last });
    },
    /** The organization's numbers with the provider in use (sandbox or twilio). */
    phoneNumberPage: (org: string, signal?: AbortSignal) =>
      http('GET', `/phone-numbers/organization/${enc(org)}`, {
        schema: phoneNumberListResponseSchema,
        signal,
      }),
    syncAllProviders: (body: SyncRequest = {}) =>
      http('POST', '/phone-numbers/sync-all-providers', { json: body, schema: syncResponseSchema }),
    telephonyStatus: (org: string) =>
      http('GET', `/telephony/organization/${enc(org)}`, { schema: telephonyStatusSchema }),
    simulateEvent: (org: string, body: SimulateEventRequest) =>
      http('POST', `/telephony/organization/${enc(org)}/simulate`, {
        json: body,
        schema: simulateEventResponseSchema,
      }),
    outbox: async (org: string) =>
      (
        await http('GET', `/telephony/organization/${enc(org)}/outbox`, {
          schema: outboxResponseSchema,
        })
      ).outbox,
    createScheduled: (body: CreateScheduledRequest) =>
      http('POST', '/scheduled/create', { json: body, schema: scheduledEventSchema }),
    updateScheduled: (id: string, body: UpdateScheduledRequest) =>
      http('PUT', `/scheduled/${enc(id)}`, {
        json: { ...body, scheduled_id: id },
        schema: scheduledEventSchema,
      }),
    listScheduled: async (org: string, query?: ScheduledQuery) =>
      (await scheduledPage(org, query)).scheduled_events,
    /** The list with its total, the breaker's state and whether calls go to the sandbox. */
    scheduledPage: (org: string, query?: ScheduledQuery, signal?: AbortSignal) =>
      scheduledPage(org, query, signal),
    schedulingSettings: (org: string) =>
      http('GET', `/scheduled/organization/${enc(org)}/settings`, {
        schema: schedulingSettingsResponseSchema,
      }),
    updateSchedulingSettings: (org: string, body: SchedulingSettings) =>
      http('PUT', `/scheduled/organization/${enc(org)}/settings`, {
        json: body,
        schema: schedulingSettingsResponseSchema,
      }),
    /** Resume dialling after the circuit breaker paused it. */
    resumeDialing: (org: string) =>
      http('POST', `/scheduled/organization/${enc(org)}/resume`, {
        schema: schedulingSettingsResponseSchema,
      }),
    sandboxOutcomes: async (org: string) =>
      (
        await http('GET', `/scheduled/organization/${enc(org)}/sandbox-outcomes`, {
          schema: sandboxOutcomesResponseSchema,
        })
      ).outcomes,
    setSandboxOutcome: (org: string, body: { phone_number: string; outcome: CallOutcome }) =>
      http('PUT', `/scheduled/organization/${enc(org)}/sandbox-outcomes`, {
        json: body,
        schema: sandboxOutcomesResponseSchema,
      }),
    doNotCall: async (org: string) =>
      (
        await http('GET', `/scheduled/organization/${enc(org)}/do-not-call`, {
          schema: doNotCallResponseSchema,
        })
      ).numbers,
    /** The do-not-call list and the STOP opt-outs beside it. */
    doNotCallPage: (org: string, signal?: AbortSignal) =>
      http('GET', `/scheduled/organization/${enc(org)}/do-not-call`, {
        schema: doNotCallResponseSchema,
        signal,
      }),
    addDoNotCall: (org: string, body: { phone_number: string; reason?: string }) =>
      http('POST', `/scheduled/organization/${enc(org)}/do-not-call`, {
        json: body,
        schema: doNotCallResponseSchema,
      }),
    removeDoNotCall: (org: string, phoneNumber: string) =>
      http('DELETE', `/scheduled/organization/${enc(org)}/do-not-call/${enc(phoneNumber)}`, {
        schema: doNotCallResponseSchema,
      }),
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

import { z } from 'zod';
import { createHttp, joinUrl, type HttpOptions } from '../http';
import {
  agentAnalyticsSchema,
  conversationDetailSchema,
  conversationListSchema,
  memberReplyResponseSchema,
  type AnalyticsPeriod,
  type ConversationFilters,
} from '../schemas/conversations';
import { conversationCloseResponseSchema } from '../schemas/conversationLifecycle';

/** The filters as a query string's values (dates as ISO strings). */
function filterQuery(filters: ConversationFilters & { cursor?: string; limit?: number }) {
  const out: Record<string, string | number | undefined> = {};
  for (const [k, v] of Object.entries(filters))
    if (v !== undefined && v !== null && v !== '')
      out[k] =
        (v as unknown) instanceof Date
          ? (v as unknown as Date).toISOString()
          : (v as string | number);
  return out;
}

/**
 * The organization's inbox events (server-sent events: an EventSource's address, the session's
 * cookie), below the base of the conversations client ('/api').
 */
export function conversationEventsUrl(baseUrl: string, orgId: string): string {
  return `${joinUrl(baseUrl, '/conversations/events')}?organization_id=${encodeURIComponent(orgId)}`;
}

/** The inbox and analytics (default base '/api'): session-authorised, organization-scoped. */
export function createConversationsClient(options: HttpOptions) {
  const http = createHttp(options);
  const enc = encodeURIComponent;
  const held = z.object({
    success: z.literal(true),
    conversation: conversationDetailSchema.pick({ id: true, status: true, held_by: true }),
  });
  return {
    list: (
      filters: ConversationFilters & { cursor?: string; limit?: number } = {},
      signal?: AbortSignal,
    ) =>
      http('GET', '/conversations', {
        query: filterQuery(filters),
        schema: conversationListSchema,
        signal,
      }),
    get: (id: string, signal?: AbortSignal) =>
      http('GET', `/conversations/${enc(id)}`, { schema: conversationDetailSchema, signal }),
    takeover: (id: string) =>
      http('POST', `/conversations/${enc(id)}/takeover`, { json: {}, schema: held }),
    release: (id: string) =>
      http('POST', `/conversations/${enc(id)}/release`, { json: {}, schema: held }),
    /** Ends a chat, SMS, WhatsApp or e-mail conversation now (a later message reopens it). */
    close: (id: string) =>
      http('POST', `/conversations/${enc(id)}/close`, {
        json: {},
        schema: conversationCloseResponseSchema,
      }),
    reply: (id: string, text: string) =>
      http('POST', `/conversations/${enc(id)}/messages`, {
        json: { text },
        schema: memberReplyResponseSchema,
      }),
    /** The export's address (a download link: the browser streams it to a file). */
    exportUrl: (filters: ConversationFilters, format: 'csv' | 'jsonl') => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(filterQuery(filters)))
        if (v !== undefined) params.set(k, String(v));
      params.set('format', format);
      return `${joinUrl(options.baseUrl, '/conversations/export')}?${params.toString()}`;
    },
    /** The organization's inbox events (an EventSource's address). */
    eventsUrl: (orgId: string) => conversationEventsUrl(options.baseUrl, orgId),
    /** `version`: only what that agent version answered ('3' or 'draft'); absent: every version. */
    analytics: (agentId: string, period: AnalyticsPeriod, signal?: AbortSignal, version?: string) =>
      http('GET', `/analytics/agents/${enc(agentId)}`, {
        query: { period, ...(version ? { version } : {}) },
        schema: agentAnalyticsSchema,
        signal,
      }),
  };
}
export type ConversationsClient = ReturnType<typeof createConversationsClient>;

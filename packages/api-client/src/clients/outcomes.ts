import { createHttp, type HttpOptions } from '../http';
import {
  conversationOutcomeSchema,
  outcomeAnalyticsSchema,
  outcomePlanSchema,
  outcomeRerunAnswerSchema,
  outcomeRerunListSchema,
  type OutcomePlanInput,
  type OutcomeRerunRequest,
} from '../schemas/outcomes';
import type { AnalyticsPeriod } from '../schemas/conversations';

/**
 * Outcomes (default base '/api'; docs/outcomes.md): an agent's outcome plan, a conversation's
 * outcome, re-analysing past conversations, and the outcomes' analytics.
 */
export function createOutcomesClient(options: HttpOptions) {
  const http = createHttp(options);
  const enc = encodeURIComponent;
  const plan = (agentName: string) => `/agents/${enc(agentName)}/analysis`;
  return {
    /** The draft's plan (an agent without one answers the empty plan). */
    getPlan: (agentName: string, signal?: AbortSignal) =>
      http('GET', plan(agentName), { schema: outcomePlanSchema, signal }),
    /** Replaces the draft's plan; answers it as stored. */
    savePlan: (agentName: string, body: OutcomePlanInput) =>
      http('PUT', plan(agentName), { json: body, schema: outcomePlanSchema }),
    /** Re-analyses the conversations that ended in [since, until] in the background (202). */
    rerun: (agentName: string, body: OutcomeRerunRequest) =>
      http('POST', `${plan(agentName)}/rerun`, { json: body, schema: outcomeRerunAnswerSchema }),
    reruns: (agentName: string, signal?: AbortSignal) =>
      http('GET', `${plan(agentName)}/reruns`, { schema: outcomeRerunListSchema, signal }),
    rerunProgress: (agentName: string, id: string, signal?: AbortSignal) =>
      http('GET', `${plan(agentName)}/reruns/${enc(id)}`, {
        schema: outcomeRerunAnswerSchema,
        signal,
      }),
    /** A conversation's outcome (404 until it has one). */
    conversationOutcome: (conversationId: string, signal?: AbortSignal) =>
      http('GET', `/conversations/${enc(conversationId)}/analysis`, {
        schema: conversationOutcomeSchema,
        signal,
      }),
    analytics: (agentId: string, period: AnalyticsPeriod, signal?: AbortSignal, version?: string) =>
      http('GET', `/analytics/agents/${enc(agentId)}/outcomes`, {
        query: { period, ...(version ? { version } : {}) },
        schema: outcomeAnalyticsSchema,
        signal,
      }),
  };
}
export type OutcomesClient = ReturnType<typeof createOutcomesClient>;

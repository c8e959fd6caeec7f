import * as api from '@parley/api-client';
import type { Operation } from '../lib/openapiOperation';

/** Outcomes (issue 40 item 2, docs/outcomes.md): assembled into the document by openapi.ts. */
export const outcomeOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/agents/:agentName/analysis',
    summary:
      "The draft's outcome plan: summary on/off, success_type (pass_fail, score_1_10, checklist) and success_criteria, typed fields, tags (an agent without one answers the empty plan)",
    tag: 'Outcomes',
    auth: 'session',
    response: api.outcomePlanSchema,
  },
  {
    method: 'put',
    path: '/api/agents/:agentName/analysis',
    summary:
      "Replace the draft's outcome plan (published with the draft; keys left out are off or empty; at most 20 fields, 50 tags); bad input is 400 naming the field",
    tag: 'Outcomes',
    auth: 'session',
    body: api.outcomePlanSchema,
    response: api.outcomePlanSchema,
  },
  {
    method: 'post',
    path: '/api/agents/:agentName/analysis/rerun',
    summary:
      "Re-analyse the agent's conversations that ended in [since, until] with its live version's plan, in the background: 202 with the rerun (poll GET …/analysis/reruns/{id}); at most 5,000 conversations; 409 without a plan or while another rerun runs",
    tag: 'Outcomes',
    auth: 'session',
    body: api.outcomeRerunRequestSchema,
    response: api.outcomeRerunAnswerSchema,
  },
  {
    method: 'get',
    path: '/api/agents/:agentName/analysis/reruns',
    summary: "The agent's reruns and their progress, newest first (at most 20)",
    tag: 'Outcomes',
    auth: 'session',
    response: api.outcomeRerunListSchema,
  },
  {
    method: 'get',
    path: '/api/agents/:agentName/analysis/reruns/:id',
    summary:
      'One rerun: status running or completed, total, done, skipped, failed (finished = done + skipped + failed)',
    tag: 'Outcomes',
    auth: 'session',
    response: api.outcomeRerunAnswerSchema,
  },
  {
    method: 'get',
    path: '/api/conversations/:id/analysis',
    summary:
      "A conversation's outcome: status done, skipped or failed (reason), summary, success {value, explanation}, fields, tags, agent_version, analyzed_at; 404 until it has one",
    tag: 'Outcomes',
    auth: 'session',
    response: api.conversationOutcomeSchema,
  },
  {
    method: 'get',
    path: '/api/analytics/agents/:agentId/outcomes',
    summary:
      "The outcomes of an agent's conversations that ended in the period: counts, the success rate over time, each field's distribution, tags",
    tag: 'Outcomes',
    auth: 'session',
    query: {
      period: '24h, 7d (default) or 30d',
      version: "Only one version's outcomes: its number or 'draft'",
    },
    response: api.outcomeAnalyticsSchema,
  },
];

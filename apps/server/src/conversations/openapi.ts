import * as api from '@parley/api-client';
import { op, orgQuery, type Operation } from '../lib/openapiOperation';

/** Conversations, human takeover and analytics (docs/inbox-and-analytics.md): assembled into the document by openapi.ts. */
// prettier-ignore
export const conversationOperations: Operation[] = [
  // ---- conversations, human takeover, analytics (docs/inbox-and-analytics.md) ----
  op('get', '/api/conversations', "The organization's conversations on every channel, newest activity first (agent_id, channel, status, q, from, to, success, tag, cursor, limit), each with its outcome", 'Conversations', 'session', { query: { ...orgQuery, agent_id: 'An agent', channel: 'chat, voice, sms, whatsapp or email', status: 'open, needs_human, held or ended', q: 'Words in the messages (full text)', from: 'Active since (ISO 8601)', to: 'Started before (ISO 8601)', success: 'Outcomes that count as a success (true) or not (false)', tag: 'Outcomes carrying this tag', cursor: "The previous page's next_cursor", limit: '1–100 (25)' }, response: api.conversationListSchema }),
  op('get', '/api/conversations/export', 'The filtered conversations as CSV or JSON lines, one row per message with its conversation\'s outcome (status, summary, success, tags, fields) (streamed)', 'Conversations', 'session', { query: { ...orgQuery, format: 'csv or jsonl', agent_id: 'An agent', channel: 'A channel', status: 'open, needs_human, held or ended', q: 'Words in the messages', from: 'Active since', to: 'Started before', success: 'true or false', tag: 'An outcome tag' }, produces: 'text/plain' }),
  op('get', '/api/conversations/events', "The organization's inbox, live (server-sent events: ready, then a conversation's id on each new message, takeover, release, call end or request for a person; ids only)", 'Conversations', 'session', { query: orgQuery }),
  op('get', '/api/conversations/:id', 'A conversation with its messages (author, text, time, channel figures); marks it seen', 'Conversations', 'session', { response: api.conversationDetailSchema }),
  op('post', '/api/conversations/:id/takeover', 'Take the conversation over: its agent stops answering on every channel', 'Conversations', 'session'),
  op('post', '/api/conversations/:id/release', 'Hand the conversation back to its agent', 'Conversations', 'session'),
  op('post', '/api/conversations/:id/messages', "A member's reply, sent through the conversation's channel", 'Conversations', 'session', { body: api.memberReplyRequestSchema, response: api.memberReplyResponseSchema }),
  op('get', '/api/analytics/agents/:agentId', "An agent's figures for 24h, 7d or 30d (period), of every version or one", 'Analytics', 'session', { query: { period: '24h, 7d or 30d (7d)', version: "Only what this agent version answered: its number or 'draft'" }, response: api.agentAnalyticsSchema }),
  op('get', '/v1/conversations/:id/events', "A conversation's live events for its visitor (server-sent events: a member's reply, takeover, release)", 'Runtime', 'agentKey', { query: { user: 'Required: the visitor' } }),
];

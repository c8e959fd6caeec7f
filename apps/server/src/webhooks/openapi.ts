import * as api from '@parley/api-client';
import type { Operation } from '../lib/openapiOperation';

/** Webhooks and the conversation lifecycle (issue 40): assembled into the document by openapi.ts. */
export const webhookOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/org/:orgId/webhooks',
    summary: "The organization's webhooks (any member; the signing secret is never shown again)",
    tag: 'Webhooks',
    auth: 'session',
    response: api.webhookListSchema,
  },
  {
    method: 'post',
    path: '/api/org/:orgId/webhooks',
    summary:
      'Add a webhook (owners and admins): 201 with its whsec_ signing secret, shown this once. The URL must be public (PARLEY_WEBHOOK_ALLOW_HOSTS lists exceptions); at most 20 per organization',
    tag: 'Webhooks',
    auth: 'session',
    body: api.webhookCreateRequestSchema,
    response: api.webhookWithSecretSchema,
  },
  {
    method: 'get',
    path: '/api/org/:orgId/webhooks/:id',
    summary: 'One webhook (no secret)',
    tag: 'Webhooks',
    auth: 'session',
    response: api.webhookAnswerSchema,
  },
  {
    method: 'put',
    path: '/api/org/:orgId/webhooks/:id',
    summary:
      'Change a webhook (owners and admins): the fields given; enabled true turns a disabled one back on',
    tag: 'Webhooks',
    auth: 'session',
    body: api.webhookUpdateRequestSchema,
    response: api.webhookAnswerSchema,
  },
  {
    method: 'delete',
    path: '/api/org/:orgId/webhooks/:id',
    summary: 'Delete a webhook and its delivery log (owners and admins)',
    tag: 'Webhooks',
    auth: 'session',
    response: api.resultSchema,
  },
  {
    method: 'post',
    path: '/api/org/:orgId/webhooks/:id/test',
    summary: 'Send a webhook.test event to this webhook (owners and admins): 202 with the delivery',
    tag: 'Webhooks',
    auth: 'session',
    response: api.webhookDeliveryAnswerSchema,
  },
  {
    method: 'post',
    path: '/api/org/:orgId/webhooks/:id/rotate-secret',
    summary:
      'A new signing secret, shown this once (owners and admins); the old one keeps signing too for 24 hours',
    tag: 'Webhooks',
    auth: 'session',
    response: api.webhookWithSecretSchema,
  },
  {
    method: 'get',
    path: '/api/org/:orgId/webhooks/:id/deliveries',
    summary:
      "A webhook's delivery log, newest first: status pending, delivered or failed, attempts, the last status code, error and answer (1 KB), the next attempt",
    tag: 'Webhooks',
    auth: 'session',
    query: {
      status: 'pending, delivered or failed',
      limit: '1–100 (50)',
      cursor: "The previous page's next_cursor",
    },
    response: api.webhookDeliveryListSchema,
  },
  {
    method: 'post',
    path: '/api/org/:orgId/webhooks/:id/deliveries/:deliveryId/replay',
    summary:
      'Send a delivered or failed event again (owners and admins): 202, a new delivery with the same webhook-id',
    tag: 'Webhooks',
    auth: 'session',
    response: api.webhookDeliveryAnswerSchema,
  },
  {
    method: 'post',
    path: '/api/conversations/:id/close',
    summary:
      'End a chat, SMS, WhatsApp or e-mail conversation now (conversation.ended); a later message reopens it. A call ends when it hangs up (409)',
    tag: 'Conversations',
    auth: 'session',
    response: api.conversationCloseResponseSchema,
  },
];

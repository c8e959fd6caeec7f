import type { Webhook, WebhookDelivery } from '@parley/api-client';

/** Fixtures of the contract's shapes for the stories. */
export const crmHook: Webhook = {
  id: '3f1c2d4e-0000-4000-8000-000000000001',
  url: 'https://crm.example.com/parley/events',
  events: ['conversation.ended', 'analysis.completed', 'handoff.requested'],
  agent_names: null,
  description: 'CRM sync',
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  failing_since: null,
  last_success_at: '2026-11-28T09:58:00.000Z',
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};

export const allEventsHook: Webhook = {
  ...crmHook,
  id: '3f1c2d4e-0000-4000-8000-000000000002',
  url: 'https://hooks.example.org/all',
  events: ['*'],
  description: '',
  failing_since: '2026-11-28T07:00:00.000Z',
};

export const disabledHook: Webhook = {
  ...crmHook,
  id: '3f1c2d4e-0000-4000-8000-000000000003',
  url: 'https://old.example.net/webhook',
  events: ['call.ended'],
  enabled: false,
  description: 'Legacy dialer',
  failing_since: '2026-11-22T10:00:00.000Z',
  disabled_at: '2026-11-27T10:00:00.000Z',
  disabled_reason: 'Every delivery failed for 5 days (last: Connection refused by old.example.net)',
};

const payload = (type: string, at: string) => ({
  type,
  timestamp: at,
  data: { conversation_id: 'c0ffee00-0000-4000-8000-000000000001', agent_name: 'front-desk' },
});

/** A delivery the receiver took at the first attempt. */
export const deliveredAtOnce = {
  status: 'delivered',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  last_response: '{"received":true}',
  next_attempt_at: null,
} satisfies Partial<WebhookDelivery>;

export const deliveries: WebhookDelivery[] = [
  {
    id: 'd0000000-0000-4000-8000-000000000004',
    webhook_id: crmHook.id,
    event_id: 'msg_4b1a9c',
    event: 'conversation.ended',
    status: 'pending',
    attempts: 2,
    last_status_code: 503,
    last_error: 'The endpoint answered HTTP 503',
    last_response: 'Service Unavailable',
    next_attempt_at: '2099-11-28T10:35:00.000Z',
    delivered_at: null,
    created_at: '2026-11-28T10:05:00.000Z',
    payload: payload('conversation.ended', '2026-11-28T10:05:00.000Z'),
  },
  {
    id: 'd0000000-0000-4000-8000-000000000003',
    webhook_id: crmHook.id,
    event_id: 'msg_3e77d0',
    event: 'handoff.requested',
    status: 'failed',
    attempts: 8,
    last_status_code: null,
    last_error: 'No answer within 10 s',
    last_response: null,
    next_attempt_at: null,
    delivered_at: null,
    created_at: '2026-11-27T02:00:00.000Z',
    payload: payload('handoff.requested', '2026-11-27T02:00:00.000Z'),
  },
  {
    id: 'd0000000-0000-4000-8000-000000000002',
    webhook_id: crmHook.id,
    event_id: 'msg_2c55aa',
    event: 'conversation.ended',
    ...deliveredAtOnce,
    delivered_at: '2026-11-26T12:00:01.000Z',
    created_at: '2026-11-26T12:00:00.000Z',
    payload: payload('conversation.ended', '2026-11-26T12:00:00.000Z'),
  },
  {
    id: 'd0000000-0000-4000-8000-000000000001',
    webhook_id: crmHook.id,
    event_id: 'msg_1a2b3c',
    event: 'webhook.test',
    status: 'delivered',
    attempts: 1,
    last_status_code: 204,
    last_error: null,
    last_response: null,
    next_attempt_at: null,
    delivered_at: '2026-11-20T08:01:00.000Z',
    created_at: '2026-11-20T08:01:00.000Z',
    payload: { type: 'webhook.test', timestamp: '2026-11-20T08:01:00.000Z', data: {} },
  },
];

import { http, HttpResponse } from 'msw';
import type {
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookWithSecret,
} from '@parley/api-client';
import { crmHook, deliveredAtOnce } from './webhookFixtures';

/**
 * An in-memory webhooks backend speaking the contract (types from @parley/api-client), for the
 * container's stories: create (the secret once), list, test (delivered at once), deliveries,
 * replay. Each story builds its own.
 */
export function webhooksBackend(initial: Webhook[] = []) {
  const hooks = [...initial];
  const deliveries: WebhookDelivery[] = [];
  let n = 0;
  const deliver = (hook: Webhook, eventId: string): WebhookDelivery => {
    n++;
    const at = new Date(Date.UTC(2026, 10, 28, 10, n)).toISOString();
    const d: WebhookDelivery = {
      id: `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      webhook_id: hook.id,
      event_id: eventId,
      event: 'webhook.test',
      ...deliveredAtOnce,
      delivered_at: at,
      created_at: at,
      payload: { type: 'webhook.test', timestamp: at, data: { webhook_id: hook.id } },
    };
    deliveries.unshift(d);
    return d;
  };
  return [
    http.get('*/api/org/:orgId/webhooks', () =>
      HttpResponse.json({ webhooks: hooks } satisfies WebhookList),
    ),
    http.post('*/api/org/:orgId/webhooks', async ({ request }) => {
      const body = (await request.json()) as {
        url: string;
        events: string[];
        description?: string;
      };
      const hook: Webhook = {
        ...crmHook,
        id: `3f1c2d4e-0000-4000-8000-${String(hooks.length + 10).padStart(12, '0')}`,
        url: body.url,
        events: body.events,
        description: body.description ?? '',
        last_success_at: null,
      };
      hooks.push(hook);
      return HttpResponse.json(
        {
          webhook: { ...hook, secret: 'whsec_c3Rvcnlib29rLXNlY3JldC0wMDAwMDAwMDAwMDA=' },
        } satisfies WebhookWithSecret,
        { status: 201 },
      );
    }),
    http.post('*/api/org/:orgId/webhooks/:id/test', ({ params }) => {
      const hook = hooks.find((h) => h.id === params.id)!;
      return HttpResponse.json({ delivery: deliver(hook, `msg_test${n + 1}`) }, { status: 202 });
    }),
    http.get('*/api/org/:orgId/webhooks/:id/deliveries', ({ params }) =>
      HttpResponse.json({
        deliveries: deliveries.filter((d) => d.webhook_id === params.id),
        next_cursor: null,
      } satisfies WebhookDeliveryList),
    ),
    http.post('*/api/org/:orgId/webhooks/:id/deliveries/:deliveryId/replay', ({ params }) => {
      const hook = hooks.find((h) => h.id === params.id)!;
      const of = deliveries.find((d) => d.id === params.deliveryId)!;
      return HttpResponse.json({ delivery: deliver(hook, of.event_id) }, { status: 202 });
    }),
  ];
}

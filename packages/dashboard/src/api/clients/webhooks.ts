import { createWebhooksClient, type WebhooksClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** The organization's webhooks and their delivery logs (/api/org/{org}/webhooks). */
export function useWebhooksClient(): WebhooksClient {
  return clientOf(useDashboardApi(), 'webhooks', (origin, fetch) =>
    createWebhooksClient({ baseUrl: `${origin}/api/org`, fetch }),
  );
}

import { createApiKeysClient, type ApiKeysClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** The organization's API keys (/api/org/{org}/api-keys). */
export function useApiKeysClient(): ApiKeysClient {
  return clientOf(useDashboardApi(), 'apiKeys', (origin, fetch) =>
    createApiKeysClient({ baseUrl: `${origin}/api/org`, fetch }),
  );
}

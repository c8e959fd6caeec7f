import { createSystemStatusClient, type SystemStatusClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** What is configured for the organization (GET /api/system-status). */
export function useSystemStatusClient(): SystemStatusClient {
  return clientOf(useDashboardApi(), 'systemStatus', (origin, fetch) =>
    createSystemStatusClient({ baseUrl: `${origin}/api/system-status`, fetch }),
  );
}

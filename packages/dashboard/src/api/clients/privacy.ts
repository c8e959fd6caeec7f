import { createPrivacyClient, type PrivacyClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** The organization's privacy settings, contact data and audit log ('/api'). */
export function usePrivacyClient(): PrivacyClient {
  return clientOf(useDashboardApi(), 'privacy', (origin, fetch) =>
    createPrivacyClient({ baseUrl: `${origin}/api`, fetch }),
  );
}

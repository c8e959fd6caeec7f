import { createHandoffClient, type HandoffClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** Handoff to people: the waiting list, business hours, alerts, the profile ('/api'). */
export function useHandoffClient(): HandoffClient {
  return clientOf(useDashboardApi(), 'handoff', (origin, fetch) =>
    createHandoffClient({ baseUrl: `${origin}/api`, fetch }),
  );
}

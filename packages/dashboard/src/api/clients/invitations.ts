import { createInvitationsClient, type InvitationsClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** An invitation's details, before signing in (/api/invitations/{id}). */
export function useInvitationsClient(): InvitationsClient {
  return clientOf(useDashboardApi(), 'invitations', (origin, fetch) =>
    createInvitationsClient({ baseUrl: `${origin}/api/invitations`, fetch }),
  );
}

import { createConversationsClient, type ConversationsClient } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';
import { clientOf } from './clientOf';

/** The inbox and the analytics (/api/conversations, /api/analytics; the session's cookie). */
export function useConversationsClient(): ConversationsClient {
  return clientOf(useDashboardApi(), 'conversations', (origin, fetch) =>
    createConversationsClient({ baseUrl: `${origin}/api`, fetch }),
  );
}

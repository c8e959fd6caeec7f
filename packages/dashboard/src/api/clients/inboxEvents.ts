import { conversationEventsUrl } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';

/**
 * The address of the organization's inbox events (GET /api/conversations/events, an EventSource:
 * the session's cookie); without the conversations client, so a listener loads little.
 */
export function useInboxEventsUrl(orgId: string): string {
  return conversationEventsUrl(`${useDashboardApi().connection?.origin ?? ''}/api`, orgId);
}

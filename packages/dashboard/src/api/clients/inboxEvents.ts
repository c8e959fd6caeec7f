import { conversationEventsUrl, inboxEventSchema, type InboxEvent } from '@parley/api-client';
import { useDashboardApi } from '../ApiContext';

/**
 * The address of the organization's inbox events (GET /api/conversations/events, an EventSource:
 * the session's cookie); without the conversations client, so a listener loads little.
 */
export function useInboxEventsUrl(orgId: string): string {
  return conversationEventsUrl(`${useDashboardApi().connection?.origin ?? ''}/api`, orgId);
}

/** One message of the inbox events read against the contract; null for anything else. */
export function readInboxEvent(text: string): InboxEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const event = inboxEventSchema.safeParse(data);
  return event.success ? event.data : null;
}

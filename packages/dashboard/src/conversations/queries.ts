import {
  partialMatchKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ConversationDetail, ConversationFilters } from '@parley/api-client';
import { useConversationsClient } from '../api/clients/conversations';
import { handoffKeys } from '../handoff';

/**
 * The inbox's data (issue 29): the list (cursor pages), one thread, takeover / hand back / reply,
 * and the Overview's latest conversations.
 */
export const conversationsKeys = {
  all: ['conversations'] as const,
  /** Every page of every filter (prefix of `list`). */
  lists: ['conversations', 'list'] as const,
  list: (filters: ConversationFilters) => ['conversations', 'list', filters] as const,
  /** The Overview's latest, for every organization (prefix of `latest`). */
  latests: ['conversations', 'latest'] as const,
  latest: (orgId: string) => ['conversations', 'latest', orgId] as const,
  thread: (id: string) => ['conversations', 'thread', id] as const,
} as const;

/**
 * How often an open inbox reads the list and the open thread again (new visitor messages) when
 * its live stream is not connected (`useInboxEvents`; connected: `inboxFallbackMs`).
 */
export const inboxRefreshMs = 15_000;
export const pageSize = 25;

export function useConversationList(
  filters: ConversationFilters,
  refetchInterval: number = inboxRefreshMs,
) {
  const client = useConversationsClient();
  return useInfiniteQuery({
    queryKey: conversationsKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      client.list({ ...filters, limit: pageSize, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval,
    retry: false,
  });
}

/** The Overview's few latest conversations across channels. */
export function useLatestConversations(orgId: string, limit = 5) {
  const client = useConversationsClient();
  return useQuery({
    queryKey: conversationsKeys.latest(orgId),
    queryFn: ({ signal }) => client.list({ organization_id: orgId, limit }, signal),
    retry: false,
  });
}

export function useConversation(id: string | null, refetchInterval: number = inboxRefreshMs) {
  const client = useConversationsClient();
  return useQuery({
    queryKey: conversationsKeys.thread(id ?? ''),
    queryFn: ({ signal }) => client.get(id!, signal),
    enabled: Boolean(id),
    refetchInterval,
    retry: false,
  });
}

/**
 * The lists (the inbox's pages, the Overview's latest) read again, threads apart; the waiting
 * list too (a request for a person, a takeover or a release changes it).
 */
export function refreshLists(qc: QueryClient) {
  const lists = [conversationsKeys.lists, conversationsKeys.latests, handoffKeys.waitings];
  return qc.invalidateQueries({
    predicate: (q) => lists.some((prefix) => partialMatchKey(q.queryKey, prefix)),
  });
}

/** Take over / hand back: the thread's hold is updated from the answer, the lists read again. */
export function useHold(id: string | null) {
  const client = useConversationsClient();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'takeover' | 'release') =>
      action === 'takeover' ? client.takeover(id!) : client.release(id!),
    onSuccess: async (answer) => {
      qc.setQueryData<ConversationDetail>(
        conversationsKeys.thread(answer.conversation.id),
        (old) =>
          old
            ? { ...old, status: answer.conversation.status, held_by: answer.conversation.held_by }
            : old,
      );
      await refreshLists(qc);
    },
    onError: () => qc.invalidateQueries({ queryKey: conversationsKeys.thread(id ?? '') }),
  });
}

/** A member closes the conversation (it ends now); the thread and the lists read again. */
export function useEndConversation(id: string | null) {
  const client = useConversationsClient();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => client.close(id!),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: conversationsKeys.thread(id ?? '') });
      await refreshLists(qc);
    },
  });
}

/** The member's reply: added to the thread at once, the lists read again. */
export function useReply(id: string | null) {
  const client = useConversationsClient();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => client.reply(id!, text),
    onSuccess: async ({ message }) => {
      qc.setQueryData<ConversationDetail>(conversationsKeys.thread(id ?? ''), (old) =>
        old && !old.messages.some((m) => m.id === message.id)
          ? { ...old, messages: [...old.messages, message], message_count: old.message_count + 1 }
          : old,
      );
      await refreshLists(qc);
    },
  });
}

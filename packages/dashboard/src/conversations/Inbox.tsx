import { useMemo, useState } from 'react';
import { agentDisplayName, plainMessageOf } from '@parley/api-client';
import { MakeTestControl } from '../agents/tests/MakeTestControl';
import { useMe } from '../api/hooks';
import { useAgents } from '../agents';
import { InboxView } from './InboxView';
import { ThreadView } from './ThreadView';
import {
  emptyFilters,
  filtersToQuery,
  isUnread,
  type InboxFilters,
  type SeenMap,
} from './inboxFormat';
import {
  useConversation,
  useConversationList,
  useHold,
  useReply,
  useEndConversation,
  inboxRefreshMs,
} from './queries';
import { inboxFallbackMs, useInboxEvents } from './useInboxEvents';
import { useConversationsClient } from '../api/clients/conversations';
import { NeedsPersonView, useBrowserNotifications, useNow, useWaiting } from '../handoff';

export interface InboxProps {
  orgId: string;
  /** An agent's Conversations section: the list is that agent's (no agent filter). */
  agentId?: string;
  /** The open conversation, when the caller keeps it (the organization-wide view: in the URL). */
  selectedId?: string | null;
  onSelectedChange?: (id: string | null) => void;
  headingLevel?: 1 | 2 | 3;
  id?: string;
  /** The status chip to start on (the URL's `status`: 'needs_human' opens Needs a person). */
  initialStatus?: InboxFilters['status'];
}

/**
 * Container of the inbox: the organization's (or one agent's) conversations with their filters,
 * the open thread with Take over / Hand back and the reply box, and the export links.
 */
export default function Inbox({
  orgId,
  agentId,
  selectedId: controlledId,
  onSelectedChange,
  headingLevel = 1,
  id,
  initialStatus,
}: InboxProps) {
  const client = useConversationsClient();
  const me = useMe();
  const agents = useAgents(agentId ? undefined : orgId);
  const [filters, setFilters] = useState<InboxFilters>(() => ({
    ...emptyFilters,
    status: initialStatus ?? emptyFilters.status,
  }));
  const [ownId, setOwnId] = useState<string | null>(null);
  const selectedId = controlledId !== undefined ? controlledId : ownId;
  const [seen, setSeen] = useState<SeenMap>({});
  const [draft, setDraft] = useState('');

  const query = useMemo(
    () => filtersToQuery(filters, { orgId, agentId }),
    [filters, orgId, agentId],
  );
  // Live (server-sent events): the lists are read again on each change, polled only as a fallback.
  const live = useInboxEvents(orgId);
  const refreshMs = live ? inboxFallbackMs : inboxRefreshMs;
  const list = useConversationList(query, refreshMs);
  const thread = useConversation(selectedId, refreshMs);
  // Needs a person (issue 41): the organization's waiting list (an agent's section: its own).
  const waiting = useWaiting(orgId);
  const now = useNow();
  const notifications = useBrowserNotifications();
  const waitingHere = useMemo(
    () => (waiting.data?.conversations ?? []).filter((c) => !agentId || c.agent_id === agentId),
    [waiting.data, agentId],
  );
  const hold = useHold(selectedId);
  const reply = useReply(selectedId);
  const end = useEndConversation(selectedId);
  const select = (next: string | null) => {
    setOwnId(next);
    onSelectedChange?.(next);
    if (next) setSeen((s) => ({ ...s, [next]: new Date().toISOString() }));
    setDraft('');
    hold.reset();
    reply.reset();
    end.reset();
  };

  const conversations = useMemo(
    () =>
      (list.data?.pages ?? [])
        .flatMap((p) => p.conversations)
        .map((c) => ({ ...c, isUnread: c.id !== selectedId && isUnread(c, seen) })),
    [list.data, seen, selectedId],
  );

  return (
    <InboxView
      id={id}
      headingLevel={headingLevel}
      filters={filters}
      onFiltersChange={setFilters}
      agents={
        agentId
          ? undefined
          : (agents.data?.agents ?? []).map((a) => ({ id: a.id, name: agentDisplayName(a) }))
      }
      conversations={conversations}
      loading={list.isPending}
      error={list.error ? plainMessageOf(list.error) : null}
      onRetry={() => void list.refetch()}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      selectedId={selectedId}
      onSelect={select}
      onCloseThread={() => select(null)}
      needsPerson={{
        count: agentId ? waitingHere.length : (waiting.data?.count ?? 0),
        view: (
          <NeedsPersonView
            conversations={waitingHere}
            now={now}
            loading={waiting.isPending}
            error={waiting.error ? plainMessageOf(waiting.error) : null}
            onRetry={() => void waiting.refetch()}
            selectedId={selectedId}
            onSelect={select}
            notifications={{
              state: notifications.state,
              onEnable: notifications.enable,
              onDisable: notifications.disable,
            }}
          />
        ),
      }}
      exportLinks={{
        csv: client.exportUrl(query, 'csv'),
        jsonl: client.exportUrl(query, 'jsonl'),
      }}
      thread={
        <ThreadView
          headingLevel={headingLevel === 1 ? 2 : 3}
          conversation={selectedId ? (thread.data ?? null) : null}
          loading={Boolean(selectedId) && thread.isPending}
          error={thread.error ? plainMessageOf(thread.error) : null}
          onRetry={() => void thread.refetch()}
          myUserId={me.data?.user.userId}
          onTakeover={() => hold.mutate('takeover')}
          onRelease={() => hold.mutate('release')}
          holdBusy={hold.isPending ? (hold.variables ?? null) : null}
          holdError={hold.error ? plainMessageOf(hold.error) : null}
          onEnd={() => end.mutate()}
          ending={end.isPending}
          endError={end.error ? plainMessageOf(end.error) : null}
          draft={draft}
          onDraftChange={setDraft}
          onSend={(text) => reply.mutate(text, { onSuccess: () => setDraft('') })}
          sending={reply.isPending}
          sendError={reply.error ? plainMessageOf(reply.error) : null}
          onClose={() => select(null)}
          now={now}
          makeTest={
            selectedId && thread.data?.agent_id ? (
              <MakeTestControl agentId={thread.data.agent_id} conversationId={thread.data.id} />
            ) : null
          }
        />
      }
    />
  );
}

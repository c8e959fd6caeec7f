import { useNavigate } from 'react-router';
import { plainMessageOf } from '@parley/api-client';
import { LatestConversationsPanel } from '../conversations/LatestConversationsPanel';
import { inboxHref } from '../conversations/inboxFormat';
import { useLatestConversations } from '../conversations/queries';
import { ConfiguredStatusPanel } from './ConfiguredStatusPanel';
import { useNow, useWaiting, WaitingNowPanel } from '../handoff';
import { useSystemStatus } from './queries';

/**
 * The Overview's additions (issue 29), loaded after the first paint: the latest conversations
 * across channels, and what is really configured under the System Status lines.
 */
export function LatestConversations({ orgId }: { orgId: string }) {
  const latest = useLatestConversations(orgId);
  const navigate = useNavigate();
  return (
    <LatestConversationsPanel
      conversations={latest.data?.conversations ?? []}
      loading={latest.isPending}
      error={latest.error ? plainMessageOf(latest.error) : null}
      onRetry={() => void latest.refetch()}
      onOpen={(id) => navigate(inboxHref(id))}
    />
  );
}

export function ConfiguredStatus({ orgId }: { orgId: string }) {
  const status = useSystemStatus(orgId);
  const navigate = useNavigate();
  return (
    <ConfiguredStatusPanel
      status={status.data}
      loading={status.isPending}
      error={status.error ? plainMessageOf(status.error) : null}
      onNavigate={(href) => navigate(href)}
    />
  );
}

/** How many conversations wait for a person now (issue 41), a link to the inbox's Needs a person. */
export function WaitingNow({ orgId }: { orgId: string }) {
  const waiting = useWaiting(orgId);
  const now = useNow();
  const navigate = useNavigate();
  return (
    <WaitingNowPanel
      count={waiting.data?.count ?? 0}
      oldestRequestedAt={waiting.data?.conversations[0]?.handoff?.requested_at ?? null}
      now={now}
      loading={waiting.isPending}
      error={waiting.error ? plainMessageOf(waiting.error) : null}
      onOpen={() => navigate('/?view=conversations&status=needs_human')}
    />
  );
}

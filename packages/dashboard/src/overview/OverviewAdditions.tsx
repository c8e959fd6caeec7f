import { useNavigate } from 'react-router';
import { plainMessageOf } from '@parley/api-client';
import { LatestConversationsPanel } from '../conversations/LatestConversationsPanel';
import { inboxHref } from '../conversations/inboxFormat';
import { useLatestConversations } from '../conversations/queries';
import { ConfiguredStatusPanel } from './ConfiguredStatusPanel';
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

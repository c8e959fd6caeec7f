import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { createSystemStatusClient, plainMessageOf } from '@parley/api-client';
import { LatestConversationsPanel } from '../conversations/LatestConversationsPanel';
import { inboxHref } from '../conversations/inboxFormat';
import { useLatestConversations } from '../conversations/queries';
import { ConfiguredStatusPanel } from './ConfiguredStatusPanel';

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

export const systemStatusKey = (orgId: string) => ['system-status', orgId] as const;

export function ConfiguredStatus({ orgId }: { orgId: string }) {
  const client = useMemo(() => createSystemStatusClient({ baseUrl: '/api/system-status' }), []);
  const status = useQuery({
    queryKey: systemStatusKey(orgId),
    queryFn: ({ signal }) => client.get(orgId, signal),
    retry: false,
  });
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

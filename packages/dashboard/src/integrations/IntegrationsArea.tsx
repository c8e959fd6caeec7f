import type { FetchLike } from '@parley/api-client';
import { messageOf } from '@parley/api-client';
import { IntegrationsPanel } from './IntegrationsPanel';
import { useIntegrations, useIntegrationsClient } from './useIntegrations';

export interface IntegrationsAreaProps {
  orgId: string;
  orgName: string;
  fetch?: FetchLike;
}

/** Container: the organization's provider keys through TanStack Query. */
export function IntegrationsArea({ orgId, orgName, fetch }: IntegrationsAreaProps) {
  const client = useIntegrationsClient(fetch);
  const state = useIntegrations(orgId, client);
  return (
    <IntegrationsPanel
      orgName={orgName}
      loading={state.list.isPending}
      error={state.list.error ? messageOf(state.list.error) : null}
      onRetry={() => void state.list.refetch()}
      integrations={state.list.data ?? []}
      activity={state.activity}
      onSave={state.save}
      onTest={state.test}
      onRemove={state.remove}
    />
  );
}

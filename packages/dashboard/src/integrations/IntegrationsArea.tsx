import { messageOf } from '@parley/api-client';
import { IntegrationsPanel } from './IntegrationsPanel';
import { useIntegrations } from './queries';

export interface IntegrationsAreaProps {
  orgId: string;
  orgName: string;
}

/** Container: the organization's provider keys through TanStack Query. */
export function IntegrationsArea({ orgId, orgName }: IntegrationsAreaProps) {
  const state = useIntegrations(orgId);
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

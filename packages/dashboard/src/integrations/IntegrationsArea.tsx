import { managerActions, managerOnlyReason, messageOf } from '@parley/api-client';
import { IntegrationsPanel } from './IntegrationsPanel';
import { useIntegrations } from './queries';

export interface IntegrationsAreaProps {
  orgId: string;
  orgName: string;
  /** The user's role: a member sees the keys' controls disabled, with the reason. */
  role?: string | null;
}

/** Container: the organization's provider keys through TanStack Query. */
export function IntegrationsArea({ orgId, orgName, role }: IntegrationsAreaProps) {
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
      disabledReason={managerOnlyReason(role, managerActions.credentials)}
    />
  );
}

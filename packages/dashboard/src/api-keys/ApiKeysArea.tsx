import { messageOf } from '@parley/api-client';
import { ApiKeysPanel } from './ApiKeysPanel';
import { useApiKeys } from './queries';

export interface ApiKeysAreaProps {
  orgId: string;
  viewerRole: string | null | undefined;
}

/** Container: the organization's API keys through TanStack Query. */
export function ApiKeysArea({ orgId, viewerRole }: ApiKeysAreaProps) {
  const k = useApiKeys(orgId);
  return (
    <ApiKeysPanel
      viewerRole={viewerRole}
      keys={k.list.data?.api_keys ?? []}
      now={Date.now()}
      loading={k.list.isPending}
      error={k.list.error ? messageOf(k.list.error) : null}
      onRetry={() => void k.list.refetch()}
      actionError={k.actionError}
      creating={k.create.isPending}
      created={k.created}
      onDismissCreated={k.dismissCreated}
      revokingId={k.revoke.isPending ? k.revoke.variables : null}
      onCreate={(input) => k.create.mutate(input)}
      onRevoke={(id) => k.revoke.mutate(id)}
    />
  );
}

import { messageOf } from '@parley/api-client';
import { WebhooksPanel } from './WebhooksPanel';
import { useWebhooks } from './queries';
import { canManageWebhooks } from './webhookRules';

export interface WebhooksAreaProps {
  orgId: string;
  /** The viewer's role in the organization (owners and admins manage). */
  role: string | null | undefined;
}

/** Container: the organization's webhooks and the open delivery log through TanStack Query. */
export function WebhooksArea({ orgId, role }: WebhooksAreaProps) {
  const w = useWebhooks(orgId);
  return (
    <WebhooksPanel
      canManage={canManageWebhooks(role)}
      webhooks={w.list.data?.webhooks ?? []}
      loading={w.list.isPending}
      error={w.list.error ? messageOf(w.list.error) : null}
      onRetry={() => void w.list.refetch()}
      actionError={w.actionError}
      creating={w.create.isPending}
      secret={w.secret}
      onDismissSecret={w.dismissSecret}
      busy={w.busy}
      openLog={w.openLog}
      log={
        w.openLog
          ? {
              deliveries: w.deliveries.data?.deliveries ?? [],
              loading: w.deliveries.isPending,
              error: w.deliveries.error ? messageOf(w.deliveries.error) : null,
              replaying: w.replay.isPending ? (w.replay.variables ?? null) : null,
              onReplay: (id) => w.replay.mutate(id),
              onRefresh: () => void w.deliveries.refetch(),
            }
          : null
      }
      onCreate={(draft) => w.create.mutate(draft)}
      onTest={(id) => w.test.mutate(id)}
      onToggle={(id, enabled) => w.toggle.mutate({ id, body: { enabled } })}
      onUpdate={(id, draft) =>
        w.toggle.mutate({
          id,
          body: { url: draft.url, events: draft.events, description: draft.description },
        })
      }
      onRotate={(id) => w.rotate.mutate(id)}
      onDelete={(id) => w.remove.mutate(id)}
      onOpenLog={w.setOpenLog}
    />
  );
}

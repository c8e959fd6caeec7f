import { Banner } from '@parley/ui';
import type { Webhook } from '@parley/api-client';
import { useQuery } from '@tanstack/react-query';
import { webhooksKey } from './queries';
import { useWebhooksClient } from '../api/clients/webhooks';
import { canManageWebhooks } from './webhookRules';

export interface DisabledWebhooksBannerProps {
  /** Webhooks the server disabled (it failed every delivery for 5 days). */
  disabled: Pick<Webhook, 'id' | 'url' | 'disabled_reason'>[];
  onOpen: () => void;
  className?: string;
}

/** The console tells owners and admins, wherever they are, that a webhook was turned off. */
export function DisabledWebhooksBanner({
  disabled,
  onOpen,
  className,
}: DisabledWebhooksBannerProps) {
  if (!disabled.length) return null;
  const one = disabled.length === 1 ? disabled[0]! : null;
  return (
    <Banner
      className={className}
      tone="error"
      title={one ? `Webhook to ${one.url} disabled` : `${disabled.length} webhooks disabled`}
      message={`${one?.disabled_reason ?? 'They failed every delivery for 5 days'}. Their events wait in the delivery log.`}
      action={{ label: 'Open Webhooks', onClick: onOpen }}
    />
  );
}

/** Container: the organization's webhooks (the same query as Account → Webhooks), for managers. */
export function DisabledWebhooksNotice({
  orgId,
  role,
  className,
}: {
  orgId: string;
  role: string | null | undefined;
  className?: string;
}) {
  const client = useWebhooksClient();
  const manager = canManageWebhooks(role);
  const list = useQuery({
    queryKey: webhooksKey(orgId),
    queryFn: ({ signal }) => client.list(orgId, signal),
    enabled: manager,
    retry: false,
    staleTime: 60_000,
  });
  const disabled = (list.data?.webhooks ?? []).filter((w) => !w.enabled && w.disabled_reason);
  return (
    <DisabledWebhooksBanner
      className={className}
      disabled={manager ? disabled : []}
      onOpen={() => globalThis.location?.assign('/account#webhooks')}
    />
  );
}

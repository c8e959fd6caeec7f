import { useState } from 'react';
import { Banner, Card, ConfirmDialog, CopyField, Spinner } from '@parley/ui';
import type { Webhook } from '@parley/api-client';
import { DeliveryLog, type DeliveryLogProps } from './DeliveryLog';
import { WebhookForm } from './WebhookForm';
import { WebhookRow, type WebhookRowProps } from './WebhookRow';
import { reasons, type WebhookDraft } from './webhookRules';
import * as styles from './webhooks.css';

export interface WebhooksPanelProps {
  /** Owners and admins manage; members see everything but secrets, read-only. */
  canManage: boolean;
  webhooks: Webhook[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The refusal of the last change, in the server's words. */
  actionError?: string | null;
  creating?: boolean;
  /** A secret just made (creation or rotation): shown this once. */
  secret?: { url: string; secret: string; rotated: boolean } | null;
  onDismissSecret?: () => void;
  /** Which webhook is busy, with what. */
  busy?: { id: string; what: NonNullable<WebhookRowProps['busy']> } | null;
  /** The webhook whose delivery log is open, and the log. */
  openLog?: string | null;
  log?: Omit<DeliveryLogProps, 'url' | 'canReplay' | 'onClose'> | null;
  onCreate: (draft: WebhookDraft) => void;
  onTest: (id: string) => void;
  onToggle: (id: string, enabled: boolean) => void;
  onUpdate: (id: string, draft: WebhookDraft) => void;
  onRotate: (id: string) => void;
  onDelete: (id: string) => void;
  onOpenLog: (id: string | null) => void;
}

/**
 * Webhooks (Account → Webhooks): the organization's endpoints, the events each receives, their
 * state (a server-disabled one says why), the signing secret once, and each one's delivery log
 * with Replay. Controls a member may not use stay visible, disabled, with the reason.
 */
export function WebhooksPanel(props: WebhooksPanelProps) {
  const { canManage, webhooks } = props;
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const title = 'Webhooks';
  if (props.loading)
    return (
      <Card title={title} id="webhooks">
        <Spinner label="Loading webhooks" />
      </Card>
    );
  if (props.error)
    return (
      <Card title={title} id="webhooks">
        <Banner
          tone="error"
          title="Could not load the webhooks"
          message={props.error}
          action={props.onRetry ? { label: 'Retry', onClick: props.onRetry } : undefined}
        />
      </Card>
    );
  const open = webhooks.find((w) => w.id === props.openLog) ?? null;
  const disabledCount = webhooks.filter((w) => !w.enabled && w.disabled_reason).length;
  return (
    <Card title={title} id="webhooks">
      <div className={styles.stack}>
        <p className={styles.muted}>
          Tell your own systems what happens: each event is POSTed to your endpoint as{' '}
          <span className={styles.mono}>{'{type, timestamp, data}'}</span>, signed per Standard
          Webhooks, retried for about 28 hours, and kept in the delivery log to replay.
        </p>
        {!canManage ? <Banner tone="info" title={reasons.manage} /> : null}
        {disabledCount ? (
          <Banner
            tone="error"
            title={`${disabledCount === 1 ? 'A webhook was' : `${disabledCount} webhooks were`} disabled by the server`}
            message="It failed every delivery for 5 days. See below for why."
          />
        ) : null}
        {props.secret ? (
          <Banner
            tone="success"
            title={props.secret.rotated ? 'New signing secret' : 'Webhook added'}
            message={`Copy the signing secret of ${props.secret.url} now: it is not shown again.${props.secret.rotated ? ' The old secret keeps signing too for 24 hours.' : ''}`}
            dismissible
            onDismiss={props.onDismissSecret}
          >
            <CopyField label="Signing secret" value={props.secret.secret} />
          </Banner>
        ) : null}
        {props.actionError ? <Banner tone="error" title={props.actionError} /> : null}
        <WebhookForm disabled={!canManage} busy={props.creating} onSubmit={props.onCreate} />
        <h3 className={styles.sectionTitle}>Endpoints ({webhooks.length})</h3>
        {webhooks.length === 0 ? (
          <p className={styles.muted}>
            No webhooks yet. {canManage ? 'Add an endpoint above to receive events.' : ''}
          </p>
        ) : (
          <ul className={styles.list} aria-label="Webhooks">
            {webhooks.map((hook) => (
              <WebhookRow
                key={hook.id}
                hook={hook}
                canManage={canManage}
                busy={props.busy?.id === hook.id ? props.busy.what : null}
                logOpen={props.openLog === hook.id}
                onTest={() => props.onTest(hook.id)}
                onToggle={(enabled) => props.onToggle(hook.id, enabled)}
                onSave={(draft) => props.onUpdate(hook.id, draft)}
                onRotate={() => props.onRotate(hook.id)}
                onDelete={() => setDeleting(hook)}
                onOpenLog={() => props.onOpenLog(props.openLog === hook.id ? null : hook.id)}
              />
            ))}
          </ul>
        )}
        {open && props.log ? (
          <DeliveryLog
            {...props.log}
            url={open.url}
            canReplay={canManage && open.enabled}
            replayReason={!canManage ? reasons.manage : !open.enabled ? reasons.disabled : null}
            onClose={() => props.onOpenLog(null)}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? null : setDeleting(null))}
        title="Delete webhook?"
        message={
          deleting
            ? `${deleting.url} receives no more events, and its delivery log is deleted.`
            : ''
        }
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => {
          if (deleting) props.onDelete(deleting.id);
          setDeleting(null);
        }}
      />
    </Card>
  );
}

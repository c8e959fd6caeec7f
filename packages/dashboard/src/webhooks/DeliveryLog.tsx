import { Badge, Banner, Button, Table, type TableColumn } from '@parley/ui';
import type { WebhookDelivery } from '@parley/api-client';
import { deliveryOutcome, deliveryTones, replayable } from './webhookRules';
import * as styles from './webhooks.css';

export interface DeliveryLogProps {
  url: string;
  deliveries: WebhookDelivery[];
  loading?: boolean;
  error?: string | null;
  /** Owners and admins may replay, while the webhook is on. */
  canReplay: boolean;
  /** Why Replay is disabled (a member; a disabled webhook). */
  replayReason?: string | null;
  /** The delivery being replayed. */
  replaying?: string | null;
  onReplay: (deliveryId: string) => void;
  onRefresh: () => void;
  onClose: () => void;
}

/** One webhook's delivery log, newest first: each event's status, attempts, answer, Replay. */
export function DeliveryLog(props: DeliveryLogProps) {
  const columns: Array<TableColumn<WebhookDelivery>> = [
    {
      key: 'event',
      header: 'Event',
      isRowHeader: true,
      render: (d) => (
        <span className={styles.choiceText}>
          <span className={styles.mono}>{d.event}</span>
          <span className={styles.muted}>{new Date(d.created_at).toLocaleString()}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (d) => <Badge tone={deliveryTones[d.status]}>{d.status}</Badge>,
    },
    { key: 'attempts', header: 'Attempts', align: 'end', render: (d) => d.attempts },
    {
      key: 'outcome',
      header: 'Outcome',
      render: (d) => (
        <span className={styles.choiceText}>
          <span>{deliveryOutcome(d)}</span>
          {d.last_response ? (
            <details>
              <summary className={styles.muted}>Answer</summary>
              <pre className={styles.response}>{d.last_response}</pre>
            </details>
          ) : null}
          <span className={styles.muted}>
            webhook-id <span className={styles.mono}>{d.event_id}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'replay',
      header: 'Replay',
      render: (d) => (
        <Button
          size="sm"
          variant="secondary"
          disabled={!props.canReplay || !replayable(d)}
          busy={props.replaying === d.id}
          busyLabel="Replaying..."
          aria-label={`Replay ${d.event} of ${new Date(d.created_at).toLocaleString()}`}
          onClick={() => props.onReplay(d.id)}
        >
          Replay
        </Button>
      ),
    },
  ];
  const failed = props.deliveries.filter((d) => d.status === 'failed').length;
  return (
    <section className={styles.stack} aria-label="Delivery log">
      <div className={styles.rowHead}>
        <h3 className={styles.sectionTitle}>
          Delivery log <span className={styles.mono}>{props.url}</span>
        </h3>
        <div className={styles.actions}>
          <Button size="sm" variant="secondary" onClick={props.onRefresh}>
            Refresh
          </Button>
          <Button size="sm" variant="ghost" onClick={props.onClose}>
            Close log
          </Button>
        </div>
      </div>
      {props.replayReason ? <p className={styles.muted}>{props.replayReason}</p> : null}
      {props.error ? (
        <Banner tone="error" title="Could not load the deliveries" message={props.error} />
      ) : null}
      {failed ? (
        <Banner
          tone="warning"
          title={`${failed} ${failed === 1 ? 'delivery' : 'deliveries'} failed`}
          message="Every retry was used. Replay sends the same event again, with the same webhook-id."
        />
      ) : null}
      <Table
        caption="Deliveries"
        captionHidden
        columns={columns}
        rows={props.deliveries}
        rowKey={(d) => d.id}
        loading={props.loading}
        loadingLabel="Loading deliveries"
        emptyState="No deliveries yet. Send a test event to see one here."
        stackOnPhone
      />
    </section>
  );
}

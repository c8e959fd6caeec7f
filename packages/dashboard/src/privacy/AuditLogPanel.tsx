import { Badge, Banner, Button, Card, RetryBanner, Select, Table, TextField } from '@parley/ui';
import type { AuditEntry, AuditVerify } from '@parley/api-client';
import { actionFamilies, changeText } from './privacyRules';
import * as styles from './privacy.css';

export interface AuditLogPanelProps {
  /** Owners and admins read the log; others see why not. */
  canRead: boolean;
  entries: AuditEntry[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  action: string;
  actor: string;
  onActionChange: (action: string) => void;
  onActorChange: (actor: string) => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  exporting?: boolean;
  onExportCsv: () => void;
  verifying?: boolean;
  verified?: AuditVerify | null;
  onVerify: () => void;
}

export const auditReason = 'Only an owner or admin can read the audit log';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The audit log (on /account): who changed what and when, from where, newest first; filters by
 * action and person, CSV download, and a check of the log's hash chain.
 */
export function AuditLogPanel(props: AuditLogPanelProps) {
  if (!props.canRead)
    return (
      <Card title="Audit log">
        <p className={styles.muted}>{auditReason}</p>
      </Card>
    );
  const { verified } = props;
  return (
    <Card
      title="Audit log"
      actions={
        <div className={styles.row}>
          <Button
            variant="secondary"
            onClick={props.onVerify}
            busy={props.verifying}
            busyLabel="Checking..."
          >
            Verify chain
          </Button>
          <Button
            variant="secondary"
            onClick={props.onExportCsv}
            busy={props.exporting}
            busyLabel="Preparing..."
            disabled={!props.entries.length}
          >
            Download CSV
          </Button>
        </div>
      }
    >
      <div className={styles.stack}>
        {verified?.ok && (
          <Banner
            tone="success"
            title="The audit log is intact"
            message={`${verified.entries} entries checked: each follows from the one before.`}
          />
        )}
        {verified && !verified.ok && (
          <Banner
            tone="error"
            title="The audit log was changed"
            message={`Entry ${verified.broken?.id} (${verified.broken ? when(verified.broken.at) : ''}): ${verified.broken?.reason}. ${verified.entries} entries before it are intact.`}
          />
        )}
        <div className={styles.row}>
          <div className={styles.grow}>
            <Select
              label="Action"
              value={props.action || 'all'}
              onValueChange={(v) => props.onActionChange(v === 'all' ? '' : v)}
              items={actionFamilies.map((f) => ({ value: f.value || 'all', label: f.label }))}
            />
          </div>
          <div className={styles.grow}>
            <TextField
              label="Person (e-mail address)"
              value={props.actor}
              onChange={props.onActorChange}
              placeholder="Anyone"
            />
          </div>
        </div>
        {props.error && (
          <RetryBanner
            title="Could not load the audit log"
            message={props.error}
            onRetry={props.onRetry}
          />
        )}
        <Table<AuditEntry>
          caption="Audit log entries"
          captionHidden
          stackOnPhone
          loading={props.loading}
          loadingLabel="Loading the audit log"
          rows={props.entries}
          rowKey={(e) => e.id}
          emptyState="Nothing recorded yet for these filters."
          columns={[
            { key: 'at', header: 'When', render: (e) => when(e.at) },
            {
              key: 'actor',
              header: 'Who',
              render: (e) => (
                <span>
                  {e.actor.email ?? e.actor.id ?? 'System'}{' '}
                  {e.actor.type !== 'user' && (
                    <Badge>{e.actor.type === 'api_key' ? 'API key' : 'System'}</Badge>
                  )}
                </span>
              ),
            },
            {
              key: 'action',
              header: 'Action',
              render: (e) => <span className={styles.mono}>{e.action}</span>,
            },
            {
              key: 'target',
              header: 'Target',
              render: (e) =>
                e.target ? (
                  <span className={styles.mono}>{`${e.target.type}: ${e.target.id}`}</span>
                ) : (
                  '—'
                ),
            },
            {
              key: 'changes',
              header: 'Changes',
              render: (e) =>
                e.changes.length ? (
                  <ul className={styles.changes}>
                    {e.changes.map((ch, i) => (
                      <li key={i}>{changeText(ch)}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                ),
            },
            { key: 'ip', header: 'From', render: (e) => e.ip ?? '—' },
          ]}
        />
        {props.hasMore && (
          <div className={styles.row}>
            <Button
              variant="ghost"
              onClick={props.onLoadMore}
              busy={props.loadingMore}
              busyLabel="Loading..."
            >
              Load more
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

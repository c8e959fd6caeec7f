import { useState } from 'react';
import { Banner, Button, Card, ConfirmDialog, NumberField } from '@parley/ui';
import { maxRetentionDays, type PurgeResponse, type PurgeRun } from '@parley/api-client';
import { purgeLines, purgeText } from './privacyRules';
import * as styles from './privacy.css';

export interface PurgePanelProps {
  /** Owners and admins purge; others see why not. */
  canManage: boolean;
  /** The organization's retention (the default cutoff; null: 90 days). */
  retentionDays: number | null;
  /** The last dry run's answer (what a purge of `older_than` would remove). */
  preview: PurgeResponse | null;
  /** The last purge's answer. */
  result: PurgeResponse | null;
  /** The latest purges (the retention job's and those asked for), newest first. */
  purges: PurgeRun[];
  previewing?: boolean;
  purging?: boolean;
  error?: string | null;
  onPreview: (days: number) => void;
  onPurge: (days: number) => void;
}

export const purgeReason = 'Only an owner or admin can purge data';

const dateOf = (iso: string) => new Date(iso).toLocaleString();

/**
 * Purge now (Account → Privacy): a dry run first shows what data older than N days would be
 * removed, by kind; "Purge now…" (after that preview, with confirmation) removes it. The latest
 * purges, the retention job's among them, are listed below.
 */
export function PurgePanel(props: PurgePanelProps) {
  const { canManage, preview, result } = props;
  const [days, setDays] = useState(props.retentionDays ?? 90);
  const [previewedDays, setPreviewedDays] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ready = preview !== null && previewedDays === days;
  return (
    <Card title="Purge old data">
      <div className={styles.stack}>
        <p className={styles.muted}>
          Removes conversations without activity since the cutoff, older messages of ongoing ones,
          finished test runs, mail sends, outbox entries and finished scheduled calls. The audit log
          is kept.
        </p>
        {!canManage && <p className={styles.muted}>{purgeReason}</p>}
        <div className={styles.row}>
          <NumberField
            label="Older than (days)"
            value={days}
            onChange={setDays}
            minValue={0}
            maxValue={maxRetentionDays}
            disabled={!canManage}
          />
          <Button
            variant="secondary"
            disabled={!canManage}
            busy={props.previewing}
            busyLabel="Counting..."
            onClick={() => {
              setPreviewedDays(days);
              props.onPreview(days);
            }}
          >
            Preview
          </Button>
          <Button
            variant="danger"
            disabled={!canManage || !ready || props.previewing}
            busy={props.purging}
            busyLabel="Purging..."
            onClick={() => setConfirming(true)}
          >
            Purge now…
          </Button>
        </div>
        {props.error && <Banner tone="error" title="That did not work" message={props.error} />}
        {ready && (
          <section className={styles.stack} aria-label="Purge preview">
            <p className={styles.muted}>
              Older than {dateOf(preview.older_than)}, a purge would remove:
            </p>
            <dl className={styles.summary}>
              {purgeLines(preview.removed).map((line) => (
                <div key={line.label} className={styles.contents}>
                  <dt>{line.label}</dt>
                  <dd>{line.count}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        {result && (
          <Banner
            tone={result.status === 'done' ? 'success' : 'info'}
            title={result.status === 'done' ? 'Purged' : 'Purge still running'}
            message={`Removed ${purgeText(result.removed)}${result.status === 'done' ? '' : ' so far; it goes on in the background'}.`}
          />
        )}
        {props.purges.length > 0 && (
          <section aria-label="Latest purges">
            <ul className={styles.changes}>
              {props.purges.map((p) => (
                <li key={p.id}>
                  {dateOf(p.created_at)}:{' '}
                  {p.trigger === 'retention' ? 'retention job' : 'asked for'}, older than{' '}
                  {dateOf(p.older_than)} — {p.status}, removed {purgeText(p.removed)}
                  {p.error ? ` (${p.error})` : ''}
                </li>
              ))}
            </ul>
          </section>
        )}
        <ConfirmDialog
          open={confirming && ready}
          onOpenChange={setConfirming}
          title="Purge old data?"
          message={`${ready ? purgeText(preview.removed) : ''} older than ${days} days will be deleted for good.`}
          confirmLabel="Purge"
          busyLabel="Purging..."
          busy={props.purging}
          tone="danger"
          onConfirm={() => {
            props.onPurge(days);
            setConfirming(false);
            setPreviewedDays(null);
          }}
        />
      </div>
    </Card>
  );
}

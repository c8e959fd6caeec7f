import type { OutcomeRerun } from '@parley/api-client';
import { Banner, Button, TextField } from '@parley/ui';
import * as styles from './outcomes.css';

export const rerunTexts = {
  heading: 'Re-run analysis',
  hint: 'After a plan change is published: the conversations that ended between the days you choose are analysed again with the live version’s plan, in the background (at most 5,000 at once).',
  since: 'Ended since',
  until: 'Ended until (optional)',
  start: 'Re-run analysis',
  starting: 'Starting...',
  failed: 'The re-analysis could not start',
  progressLabel: 'Re-analysis progress',
} as const;

/** The numbers of a rerun in words. */
export function rerunProgressText(rerun: OutcomeRerun): string {
  const finished = rerun.done + rerun.skipped + rerun.failed;
  const parts = `${rerun.done} analysed, ${rerun.skipped} skipped, ${rerun.failed} failed`;
  if (rerun.status === 'running')
    return `Re-analysing: ${finished} of ${rerun.total} conversations (${parts})`;
  if (!rerun.total) return 'Finished: no conversation ended in that time';
  return `Finished: ${rerun.total} ${rerun.total === 1 ? 'conversation' : 'conversations'} (${parts})`;
}

export interface RerunControlProps {
  /** yyyy-mm-dd. */
  since: string;
  onSinceChange: (since: string) => void;
  /** yyyy-mm-dd, or '' (until now). */
  until: string;
  onUntilChange: (until: string) => void;
  onStart: () => void;
  starting?: boolean;
  error?: string | null;
  /** The newest rerun (its progress), if any. */
  latest?: OutcomeRerun | null;
  editing: boolean;
}

/** Re-analyse the conversations that ended between two days (the second optional), and the newest rerun's progress. A view. */
export function RerunControl({
  since,
  onSinceChange,
  until,
  onUntilChange,
  onStart,
  starting = false,
  error,
  latest,
  editing,
}: RerunControlProps) {
  const running = latest?.status === 'running';
  return (
    <section className={styles.group} aria-label={rerunTexts.heading}>
      <h3 className={styles.heading}>{rerunTexts.heading}</h3>
      <p className={styles.muted}>{rerunTexts.hint}</p>
      <div className={styles.rerunRow}>
        <TextField
          label={rerunTexts.since}
          type="date"
          value={since}
          onChange={onSinceChange}
          disabled={!editing}
        />
        <TextField
          label={rerunTexts.until}
          type="date"
          value={until}
          onChange={onUntilChange}
          disabled={!editing}
        />
        <Button
          variant="secondary"
          onClick={onStart}
          busy={starting}
          busyLabel={rerunTexts.starting}
          disabled={!editing || !since || running}
        >
          {rerunTexts.start}
        </Button>
      </div>
      {error ? <Banner tone="error" title={rerunTexts.failed} message={error} /> : null}
      {latest ? (
        <>
          <p className={styles.muted} role="status">
            {rerunProgressText(latest)}
          </p>
          {running ? (
            <progress
              className={styles.progress}
              aria-label={rerunTexts.progressLabel}
              max={Math.max(1, latest.total)}
              value={latest.done + latest.skipped + latest.failed}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

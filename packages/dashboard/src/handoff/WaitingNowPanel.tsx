import type { MouseEvent } from 'react';
import { Banner, Card, Spinner } from '@parley/ui';
import { formatWaited, handoffTexts, isLongWait, waitedMs } from './handoffFormat';
import * as styles from './handoff.css';

export const waitingNowTexts = {
  heading: 'Waiting for a person now',
  none: 'Nobody is waiting for a person.',
  count: (n: number) => (n === 1 ? '1 conversation' : `${n} conversations`),
  longest: (waited: string) => `The longest has waited ${waited}.`,
  open: 'Open Needs a person',
} as const;

export interface WaitingNowPanelProps {
  count: number;
  /** When the longest waiting one asked (ISO), or null. */
  oldestRequestedAt: string | null;
  now: number;
  loading?: boolean;
  error?: string | null;
  /** Opens the inbox's Needs a person; the link works without it too. */
  onOpen: () => void;
}

/** The Overview's count of conversations that wait for a person now. A view: props in, events out. */
export function WaitingNowPanel({
  count,
  oldestRequestedAt,
  now,
  loading = false,
  error,
  onOpen,
}: WaitingNowPanelProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen();
  };
  const long = oldestRequestedAt ? isLongWait({ requested_at: oldestRequestedAt }, now) : false;
  return (
    <Card
      title={waitingNowTexts.heading}
      actions={
        <a
          className={styles.watchLink}
          href="/?view=conversations&status=needs_human"
          onClick={follow}
        >
          {waitingNowTexts.open}
        </a>
      }
    >
      {error ? (
        <Banner tone="error" title={handoffTexts.loadFailed} message={error} />
      ) : loading ? (
        <div className={styles.center}>
          <Spinner label={handoffTexts.loading} />
        </div>
      ) : count === 0 ? (
        <p className={styles.muted}>{waitingNowTexts.none}</p>
      ) : (
        <div className={styles.stack}>
          <p className={styles.bigCount} data-long-wait={long ? 'true' : undefined}>
            {waitingNowTexts.count(count)}
          </p>
          {oldestRequestedAt ? (
            <p className={styles.muted}>
              {waitingNowTexts.longest(
                formatWaited(waitedMs({ requested_at: oldestRequestedAt }, now)),
              )}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}

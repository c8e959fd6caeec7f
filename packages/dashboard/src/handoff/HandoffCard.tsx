import type { Handoff } from '@parley/api-client';
import { Badge } from '@parley/ui';
import { formatWaited, handoffTexts, isLongWait, waitedMs } from './handoffFormat';
import * as styles from './handoff.css';

export interface HandoffCardProps {
  handoff: Handoff;
  /** The time now (ms since the epoch): how long it has waited. */
  now: number;
  headingLevel?: 3 | 4;
}

/**
 * A conversation's request for a person, shown first on its thread: why, the summary of the
 * conversation so far, who asked, inside or outside business hours, how long it has waited (or
 * who took it and after how long). A view: props in.
 */
export function HandoffCard({ handoff, now, headingLevel = 3 }: HandoffCardProps) {
  const Heading = `h${headingLevel}` as const;
  const waiting = !handoff.taken_at;
  const long = waiting && isLongWait(handoff, now);
  return (
    <section className={styles.card} aria-label={handoffTexts.title}>
      <div className={styles.row}>
        <Heading className={styles.cardTitle}>{handoffTexts.title}</Heading>
        {waiting ? (
          <Badge tone={long ? 'danger' : 'warning'}>
            {handoffTexts.waiting(formatWaited(waitedMs(handoff, now)))}
          </Badge>
        ) : null}
        {long ? <Badge tone="danger">{handoffTexts.longWait}</Badge> : null}
        {handoff.in_hours ? null : <Badge tone="neutral">{handoffTexts.outOfHours}</Badge>}
        <Badge tone="info">
          {handoff.source === 'visitor' ? handoffTexts.byVisitor : handoffTexts.byAgent}
        </Badge>
      </div>
      <p className={styles.label}>{handoffTexts.reason}</p>
      <p className={styles.text}>{handoff.reason}</p>
      <p className={styles.label}>
        {handoff.summary_source === 'model'
          ? handoffTexts.summaryByModel
          : handoffTexts.summaryLastMessages}
      </p>
      <p className={styles.text}>{handoff.summary}</p>
      {handoff.taken_at && handoff.taken_by ? (
        <p className={styles.muted}>
          {handoffTexts.takenBy(
            handoff.taken_by.name,
            formatWaited(Date.parse(handoff.taken_at) - Date.parse(handoff.requested_at)),
          )}
        </p>
      ) : null}
      {handoff.transferred_to ? (
        <p className={styles.muted}>{handoffTexts.transferred(handoff.transferred_to)}</p>
      ) : null}
    </section>
  );
}

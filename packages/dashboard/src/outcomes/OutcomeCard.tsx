import type { ConversationOutcome } from '@parley/api-client';
import { Badge } from '@parley/ui';
import {
  fieldLabel,
  fieldValueText,
  outcomeByline,
  outcomeHeadline,
  outcomeTexts as t,
} from './outcomeFormat';
import * as styles from './outcomes.css';

export interface OutcomeCardProps {
  outcome: ConversationOutcome;
  headingLevel?: 3 | 4;
  timeZone?: string;
  locale?: string;
}

/**
 * A conversation's outcome on its thread: done (summary, success with why, each field, tags),
 * skipped or failed (why). What the storage mode kept is said. A view.
 */
export function OutcomeCard({ outcome, headingLevel = 3, timeZone, locale }: OutcomeCardProps) {
  const Heading = `h${headingLevel}` as const;
  const headline = outcomeHeadline(outcome);
  const fields = Object.entries(outcome.fields);
  const items = outcome.success?.items;
  return (
    <section className={styles.card} aria-label={t.heading} data-status={outcome.status}>
      <div className={styles.cardHead}>
        <Heading className={styles.cardTitle}>{t.heading}</Heading>
        <Badge tone={headline.tone}>{headline.text}</Badge>
        <span className={styles.muted}>{outcomeByline(outcome, { timeZone, locale })}</span>
      </div>
      {outcome.reason ? <p className={styles.text}>{outcome.reason}</p> : null}
      {outcome.privacy?.mode === 'redacted' ? <p className={styles.muted}>{t.redacted}</p> : null}
      {outcome.privacy?.mode === 'metadata_only' ? (
        <p className={styles.muted}>{t.metadataOnly}</p>
      ) : null}
      {outcome.status === 'done' ? (
        <dl className={styles.facts}>
          {outcome.summary ? (
            <>
              <dt className={styles.term}>{t.summary}</dt>
              <dd className={styles.definition}>{outcome.summary}</dd>
            </>
          ) : null}
          {outcome.success?.explanation ? (
            <>
              <dt className={styles.term}>{t.why}</dt>
              <dd className={styles.definition}>{outcome.success.explanation}</dd>
            </>
          ) : null}
          {items?.length ? (
            <>
              <dt className={styles.term}>{t.success}</dt>
              <dd className={styles.definition}>
                <ul className={styles.checklist}>
                  {items.map((item) => (
                    <li key={item.criterion}>
                      <Badge tone={item.met ? 'success' : 'danger'}>
                        {item.met ? 'Met' : 'Not met'}
                      </Badge>{' '}
                      {item.criterion}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {fields.map(([name, value]) => (
            <div key={name} className={styles.pair}>
              <dt className={styles.term}>{fieldLabel(name)}</dt>
              <dd className={styles.definition}>{fieldValueText(value)}</dd>
            </div>
          ))}
          <dt className={styles.term}>{t.tags}</dt>
          <dd className={styles.definition}>
            {outcome.tags.length ? (
              <span className={styles.inline}>
                {outcome.tags.map((tag) => (
                  <Badge key={tag} tone="primary">
                    {tag}
                  </Badge>
                ))}
              </span>
            ) : (
              <span className={styles.muted}>{t.noTags}</span>
            )}
          </dd>
        </dl>
      ) : null}
    </section>
  );
}

/** The outcome in a badge or two on a conversation's row in the list. */
export function OutcomeBadges({ outcome }: { outcome: ConversationOutcome | null | undefined }) {
  if (!outcome) return null;
  const headline = outcomeHeadline(outcome);
  return (
    <>
      <Badge tone={headline.tone} title={outcome.summary ?? outcome.reason ?? undefined}>
        {headline.text}
      </Badge>
      {outcome.tags.slice(0, 2).map((tag) => (
        <Badge key={tag} tone="primary">
          {tag}
        </Badge>
      ))}
    </>
  );
}

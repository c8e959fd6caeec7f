import { Badge, Banner, Button, EmptyState, Spinner } from '@parley/ui';
import type { Campaign } from '@parley/api-client';
import { NoticeBanner, type Notice } from '../channels';
import * as styles from './email.css';
import { channelStyles as channel } from '../channels';

export type CampaignAction = 'pause' | 'resume' | 'cancel';

export interface CampaignsPanelProps {
  campaigns: readonly Campaign[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  notice?: Notice | null;
  onDismissNotice?: () => void;
  /** The campaign whose action is under way. */
  busyId?: string | null;
  onCreate: () => void;
  onAction: (campaign: Campaign, action: CampaignAction) => void;
}

const statusTone = {
  scheduled: 'info',
  running: 'primary',
  paused: 'warning',
  cancelled: 'neutral',
  completed: 'success',
} as const;

const progressLabels = [
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['failed', 'Failed'],
  ['bounced', 'Bounced'],
  ['replied', 'Replied'],
  ['unsubscribed', 'Unsubscribed'],
] as const;

/** The actions a campaign offers in its status: pause/cancel while it runs, resume when paused. */
export function campaignActions(status: Campaign['status']): CampaignAction[] {
  if (status === 'running' || status === 'scheduled') return ['pause', 'cancel'];
  if (status === 'paused') return ['resume', 'cancel'];
  return [];
}

const actionLabel: Record<CampaignAction, string> = {
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
};

/**
 * The Outbound tab: Email campaigns, each with its progress (queued, sent, failed, bounced,
 * replied, unsubscribed), what was left out when it was created, and Pause / Resume / Cancel.
 */
export function CampaignsPanel(props: CampaignsPanelProps) {
  let list;
  if (props.error)
    list = (
      <Banner
        tone="error"
        title={props.error}
        action={props.onRetry ? { label: 'Retry', onClick: props.onRetry } : undefined}
      />
    );
  else if (props.loading) list = <Spinner label="Loading campaigns..." />;
  else if (!props.campaigns.length)
    list = (
      <EmptyState
        title="No campaigns yet"
        hint="Create a campaign to mail a list of recipients from one of your mailboxes."
        headingLevel={3}
      />
    );
  else
    list = (
      <ul className={channel.threads} aria-label="Campaigns">
        {props.campaigns.map((c) => {
          const done = c.progress.sent + c.progress.failed + c.progress.bounced;
          return (
            <li key={c.id} className={channel.thread} aria-label={c.name}>
              <div className={channel.header}>
                <div>
                  <h3 className={channel.threadHeading}>{c.name}</h3>
                  <p className={styles.subtle}>
                    From {c.from_email} · “{c.subject}” · {c.rate_per_minute} per minute · starts{' '}
                    {new Date(c.start_at).toLocaleString()}
                  </p>
                </div>
                <span className={channel.rowActions}>
                  <Badge tone={statusTone[c.status]}>{c.status}</Badge>
                  {campaignActions(c.status).map((a) => (
                    <Button
                      key={a}
                      size="sm"
                      variant={a === 'cancel' ? 'ghost' : 'secondary'}
                      aria-label={`${actionLabel[a]} ${c.name}`}
                      disabled={props.busyId === c.id}
                      onClick={() => props.onAction(c, a)}
                    >
                      {actionLabel[a]}
                    </Button>
                  ))}
                </span>
              </div>
              <progress
                className={styles.campaignBar}
                max={Math.max(c.total, 1)}
                value={done}
                aria-label={`${c.name}: ${done} of ${c.total} done`}
              />
              <dl className={styles.progress}>
                {progressLabels.map(([key, label]) => (
                  <div key={key} className={styles.progressItem}>
                    <dt className={styles.subtle}>{label}</dt>
                    <dd className={styles.progressValue}>{c.progress[key]}</dd>
                  </div>
                ))}
              </dl>
              {c.skipped.duplicates + c.skipped.unsubscribed + c.skipped.bounced > 0 ? (
                <p className={styles.subtle}>
                  Left out: {c.skipped.duplicates} duplicate, {c.skipped.unsubscribed} unsubscribed,{' '}
                  {c.skipped.bounced} bounced.
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  return (
    <section className={channel.form} aria-labelledby="campaigns-heading">
      <div className={channel.header}>
        <div>
          <h2 id="campaigns-heading" className={channel.threadHeading}>
            Email Campaigns
          </h2>
          <p className={channel.muted}>
            Mail a list from one of your mailboxes at a steady rate; replies are threads its agent
            answers.
          </p>
        </div>
        <Button onClick={props.onCreate}>Create Campaign</Button>
      </div>
      <NoticeBanner slim={false} notice={props.notice} onDismiss={props.onDismissNotice} />
      {list}
    </section>
  );
}

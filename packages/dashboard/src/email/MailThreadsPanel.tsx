import { Badge, Banner, EmptyState, Spinner } from '@parley/ui';
import type { MailThread } from '@parley/api-client';
import { orderMailThreads, pluralDrafts } from './mailboxList';
import * as styles from './email.css';
import { channelStyles as channel, formatWhen } from '../channels';

export interface MailThreadsPanelProps {
  threads: readonly MailThread[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  onOpenThread: (thread: MailThread) => void;
}

/** A mailbox's threads, newest activity first; each opens into its conversation. */
export function MailThreadsPanel(props: MailThreadsPanelProps) {
  if (props.error)
    return (
      <Banner
        tone="error"
        title={props.error}
        action={props.onRetry ? { label: 'Retry', onClick: props.onRetry } : undefined}
      />
    );
  if (props.loading) return <Spinner label="Loading threads..." />;
  const threads = orderMailThreads(props.threads);
  if (!threads.length)
    return (
      <EmptyState
        title="No threads yet"
        hint="Mail this mailbox receives and sends is listed here, newest first."
        headingLevel={3}
      />
    );
  return (
    <ul className={channel.threads} aria-label="Threads">
      {threads.map((t) => {
        const last = t.messages[0];
        return (
          <li key={t.id}>
            <button
              type="button"
              className={styles.threadButton}
              onClick={() => props.onOpenThread(t)}
            >
              <strong>{t.subject || '(no subject)'}</strong>
              <span className={channel.meta}>
                <span>{t.end_user}</span>
                <time dateTime={t.updated_at}>{formatWhen(t.updated_at)}</time>
                <span>
                  {t.messages.length} message{t.messages.length === 1 ? '' : 's'}
                </span>
                {t.drafts_waiting > 0 ? (
                  <Badge tone="warning">{pluralDrafts(t.drafts_waiting)}</Badge>
                ) : null}
              </span>
              {last ? <span className={styles.subtle}>{last.text.slice(0, 140)}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

import type { ConversationSummary } from '@parley/api-client';
import { Badge, Card, EmptyState, RetryBanner, Spinner } from '@parley/ui';
import {
  channelLabels,
  formatWhen,
  inboxHref,
  inboxTexts,
  partyLabel,
  statusLabels,
} from './inboxFormat';
import * as styles from './inbox.css';

export interface LatestConversationsPanelProps {
  conversations: ConversationSummary[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Opens the inbox (at a conversation when one is given). Links also work without it. */
  onOpen: (conversationId?: string) => void;
  timeZone?: string;
  locale?: string;
}

/**
 * The Overview's latest conversations across channels (issue 29), each a link into the inbox.
 * A view: props in, events out.
 */
export function LatestConversationsPanel({
  conversations,
  loading = false,
  error,
  onRetry,
  onOpen,
  timeZone,
  locale,
}: LatestConversationsPanelProps) {
  const follow = (id?: string) => (event: React.MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(id);
  };
  return (
    <Card
      title={inboxTexts.latestHeading}
      actions={
        <a className={styles.link} href={inboxHref()} onClick={follow()}>
          {inboxTexts.openInbox}
        </a>
      }
    >
      {error ? (
        <RetryBanner title={inboxTexts.loadFailed} message={error} onRetry={onRetry} />
      ) : loading ? (
        <div className={styles.center}>
          <Spinner label={inboxTexts.loading} />
        </div>
      ) : conversations.length === 0 ? (
        <EmptyState title={inboxTexts.latestEmpty} hint={inboxTexts.emptyHint} />
      ) : (
        <ul className={styles.latest}>
          {conversations.map((c) => (
            <li key={c.id}>
              <a className={styles.latestItem} href={inboxHref(c.id)} onClick={follow(c.id)}>
                <span className={styles.rowTop}>
                  {c.unread ? (
                    <span className={styles.unreadDot} role="img" aria-label={inboxTexts.unread} />
                  ) : null}
                  <span className={styles.who}>{partyLabel(c.end_user)}</span>
                  <Badge tone="neutral">{channelLabels[c.channel]}</Badge>
                  {c.status !== 'open' ? (
                    <Badge tone={c.status === 'held' ? 'warning' : 'neutral'}>
                      {statusLabels[c.status]}
                    </Badge>
                  ) : null}
                  <span className={styles.when}>
                    {formatWhen(c.updated_at, { timeZone, locale })}
                  </span>
                </span>
                <span className={styles.muted}>{c.agent_name ?? 'No agent'}</span>
                {c.last_message ? (
                  <span className={styles.preview}>{c.last_message.text}</span>
                ) : null}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

import type { ConversationSummary } from '@parley/api-client';
import { Badge, Button, EmptyState, RetryBanner, Spinner } from '@parley/ui';
import type { NotifyState } from './browserNotifications';
import { formatWaited, handoffTexts, isLongWait, waitedMs } from './handoffFormat';
import * as styles from './handoff.css';

const channelNames: Record<ConversationSummary['channel'], string> = {
  chat: 'Chat',
  voice: 'Voice',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  email: 'Email',
};

export interface NeedsPersonViewProps {
  /** The conversations waiting for a person, the longest waiting first. */
  conversations: ConversationSummary[];
  /** The time now (ms since the epoch): each row's waiting time. */
  now: number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** This browser's notifications and the buttons that turn them on (a user action) or off. */
  notifications?: { state: NotifyState; onEnable: () => void; onDisable: () => void };
}

function NotificationControl({
  state,
  onEnable,
  onDisable,
}: NonNullable<NeedsPersonViewProps['notifications']>) {
  if (state === 'unsupported')
    return <p className={styles.muted}>{handoffTexts.notifyUnsupported}</p>;
  if (state === 'denied') return <p className={styles.muted}>{handoffTexts.notifyDenied}</p>;
  if (state === 'on')
    return (
      <div className={styles.row}>
        <p className={styles.muted}>{handoffTexts.notifyActive}</p>
        <Button variant="ghost" size="sm" onClick={onDisable}>
          {handoffTexts.notifyOff}
        </Button>
      </div>
    );
  return (
    <div className={styles.row}>
      <Button variant="secondary" size="sm" onClick={onEnable}>
        {handoffTexts.notifyOn}
      </Button>
      <p className={styles.muted}>{handoffTexts.notifyOnHint}</p>
    </div>
  );
}

/**
 * 'Needs a person' (issue 41): the conversations waiting for a member, the longest waiting first,
 * each with how long it has waited (a long wait stands out), why, and whether it came outside
 * business hours; and the browser notifications' switch. A view: props in, events out.
 */
export function NeedsPersonView({
  conversations,
  now,
  loading = false,
  error,
  onRetry,
  selectedId,
  onSelect,
  notifications,
}: NeedsPersonViewProps) {
  return (
    <div className={styles.stack}>
      {notifications ? <NotificationControl {...notifications} /> : null}
      {error ? (
        <RetryBanner title={handoffTexts.loadFailed} message={error} onRetry={onRetry} />
      ) : loading ? (
        <div className={styles.center}>
          <Spinner label={handoffTexts.loading} />
        </div>
      ) : conversations.length === 0 ? (
        <EmptyState title={handoffTexts.empty} hint={handoffTexts.emptyHint} />
      ) : (
        <ul className={styles.list} aria-label={handoffTexts.title}>
          {conversations.map((c) => {
            const handoff = c.handoff;
            const long = handoff ? isLongWait(handoff, now) : false;
            return (
              <li key={c.id} className={styles.item}>
                <button
                  type="button"
                  className={styles.itemButton}
                  aria-current={c.id === selectedId ? 'true' : undefined}
                  data-long-wait={long ? 'true' : undefined}
                  onClick={() => onSelect(c.id)}
                >
                  <span className={styles.row}>
                    <span className={styles.who}>{c.end_user || 'Visitor'}</span>
                    <Badge tone="neutral">{channelNames[c.channel]}</Badge>
                    {handoff && !handoff.in_hours ? (
                      <Badge tone="neutral">{handoffTexts.outOfHours}</Badge>
                    ) : null}
                    {long ? <Badge tone="danger">{handoffTexts.longWait}</Badge> : null}
                    {handoff ? (
                      <span className={styles.waited}>
                        <Badge tone={long ? 'danger' : 'warning'}>
                          {handoffTexts.waiting(formatWaited(waitedMs(handoff, now)))}
                        </Badge>
                      </span>
                    ) : null}
                  </span>
                  <span className={styles.muted}>
                    {c.agent_name ?? 'No agent'} ·{' '}
                    {handoff?.source === 'visitor' ? handoffTexts.byVisitor : handoffTexts.byAgent}
                  </span>
                  {handoff ? <span className={styles.reason}>{handoff.reason}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

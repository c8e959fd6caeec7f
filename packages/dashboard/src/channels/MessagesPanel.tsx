import type { ReactNode } from 'react';
import { Badge, Banner, Button, EmptyState, Spinner } from '@parley/ui';
import type { ChannelConversation } from '@parley/api-client';
import type { MessagingChannel } from '../api/DashboardApi';
import type { Notice } from './types';
import { NoticeBanner } from './ChannelFrame';
import { channelLabels } from './channelLabels';
import { orderThreads, senderLabel } from './messageThreads';
import { formatWhen } from './formatWhen';
import * as styles from './channel.css';
import { StoredToolSteps } from '../chat';

export interface MessagesPanelProps {
  channel: MessagingChannel;
  threads: readonly ChannelConversation[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The last send's outcome (the success line after the modal closed), cleared after 5 s. */
  notice?: Notice | null;
  onDismissNotice?: () => void;
  onOpenSend: () => void;
  /** Actions under a thread (e.g. 'Make a test' of it when it has an agent). */
  threadActions?: (thread: ChannelConversation) => ReactNode;
}

/**
 * The Outbound page: '{channel} Send Message' with the send button, and what was sent and
 * received on the channel, newest first, thread by thread (a person's message, the agent's reply,
 * what the console sent).
 */
export function MessagesPanel(props: MessagesPanelProps) {
  const words = channelLabels[props.channel];
  const headingId = `${props.channel}-send-heading`;
  const threads = orderThreads(props.threads);

  let list;
  if (props.error) {
    list = (
      <Banner
        tone="error"
        title={props.error}
        action={props.onRetry ? { label: 'Retry', onClick: props.onRetry } : undefined}
      />
    );
  } else if (props.loading) {
    list = <Spinner label="Loading messages..." />;
  } else if (!threads.length) {
    list = (
      <EmptyState
        title="No messages yet"
        hint={`Messages you send and the ${words.name} messages your numbers receive will be listed here, newest first.`}
        headingLevel={3}
      />
    );
  } else {
    list = (
      <ul className={styles.threads} aria-label={`${words.name} messages`}>
        {threads.map((t) => (
          <li key={t.id} className={styles.thread}>
            <h3 className={styles.threadHeading}>
              {t.end_user} ↔ {t.our_number ?? 'your number'}
            </h3>
            <ol className={styles.messages} aria-label={`Thread with ${t.end_user}`}>
              {t.messages.map((m) => (
                <li
                  key={m.id}
                  className={[
                    styles.message,
                    m.direction === 'inbound' ? styles.inbound : styles.outbound,
                  ].join(' ')}
                >
                  <div className={styles.meta}>
                    <Badge tone={m.direction === 'inbound' ? 'neutral' : 'primary'}>
                      {senderLabel(m)}
                    </Badge>
                    <time dateTime={m.created_at}>{formatWhen(m.created_at)}</time>
                    {m.status ? <span>{m.status}</span> : null}
                    {m.offline ? <Badge tone="warning">Offline responder</Badge> : null}
                  </div>
                  <p className={styles.text}>{m.text}</p>
                  {m.error ? <p className={styles.meta}>{m.error}</p> : null}
                  <StoredToolSteps messageId={m.id} steps={m.tool_steps} />
                </li>
              ))}
            </ol>
            {props.threadActions?.(t)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.form} aria-labelledby={headingId}>
      <div className={styles.header}>
        <div>
          <h2 id={headingId} className={styles.threadHeading}>
            {words.sendPage}
          </h2>
          <p className={styles.muted}>
            Send a message from one of your numbers. Replies and the agent&apos;s answers appear
            below.
          </p>
        </div>
        <Button onClick={props.onOpenSend}>{words.sendButton}</Button>
      </div>
      <NoticeBanner
        name="send"
        slim={false}
        notice={props.notice}
        onDismiss={props.onDismissNotice}
      />
      {list}
    </section>
  );
}

import { Banner, EmptyState, Spinner } from '@parley/ui';
import type { MailOutboxItem } from '@parley/api-client';
import * as styles from './email.css';
import { channelStyles as channel } from '../channels';

export interface OutboxPanelProps {
  messages: readonly MailOutboxItem[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
}

/** The sandbox outbox: what a mailbox without SMTP settings would have sent (nothing left the server). */
export function OutboxPanel(props: OutboxPanelProps) {
  let body;
  if (props.error)
    body = (
      <Banner
        tone="error"
        title={props.error}
        action={props.onRetry ? { label: 'Retry', onClick: props.onRetry } : undefined}
      />
    );
  else if (props.loading) body = <Spinner label="Loading the outbox..." />;
  else if (!props.messages.length)
    body = (
      <EmptyState
        title="The outbox is empty"
        hint="Mail this mailbox sends appears here while it has no SMTP settings."
        headingLevel={3}
      />
    );
  else
    body = (
      <ol className={channel.messages} aria-label="Sandbox outbox">
        {props.messages.map((m) => (
          <li key={m.id} className={[channel.message, channel.outbound].join(' ')}>
            <div className={channel.meta}>
              <span className={styles.address}>
                {m.from} → {m.to}
              </span>
              <time dateTime={m.created_at}>{new Date(m.created_at).toLocaleString()}</time>
            </div>
            <p className={channel.meta}>{m.subject}</p>
            <p className={channel.text}>{m.text}</p>
          </li>
        ))}
      </ol>
    );
  return (
    <section className={styles.section} aria-labelledby="outbox-heading">
      <h3 id="outbox-heading" className={styles.sectionHeading}>
        Sandbox outbox
      </h3>
      <p className={styles.subtle}>
        This mailbox has no SMTP settings: what it sends is kept here and goes over no real mail
        server.
      </p>
      {body}
    </section>
  );
}

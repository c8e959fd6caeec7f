import type { FormEvent, ReactNode } from 'react';
import type { SendLimitChannel } from '@parley/api-client';
import { Banner, Button } from '@parley/ui';
import { sendLimitText } from './sendLimitText';
import { bannerMs } from './types';
import * as styles from './channel.css';

export interface SendFormProps {
  /** The form's 'Please fix the validation errors below.' summary, or null. */
  summary: string | null;
  onDismissSummary: () => void;
  /** Validates and sends (useSendForm's submit with the channel's values). */
  onSubmit: (e: FormEvent) => void;
  canSubmit: boolean;
  busy?: boolean;
  /** The send failure, cleared after 5 s. */
  error?: string | null;
  onDismissError?: () => void;
  onCancel: () => void;
  /** The organization's sending limit and usage on this channel (null: not known yet). */
  limits?: SendLimitChannel | null;
  /** The channel's fields. */
  children: ReactNode;
}

/** The sending limit under the fields: the limit and usage, or a warning once it is reached. */
export function SendLimitNote({ limits }: { limits: SendLimitChannel }) {
  const text = sendLimitText(limits);
  return text.reached ? (
    <Banner tone="warning" title={text.reached} message={`${text.limit} ${text.usage}`} />
  ) : (
    <p className={styles.muted} aria-label="Sending limit">
      {text.limit} {text.usage}
    </p>
  );
}

/**
 * The frame of the SMS and WhatsApp send modals: the validation summary above the fields, the
 * send failure below them, then Cancel and Send Message ('Sending...' while busy; a second
 * submit while busy sends nothing).
 */
export function SendForm(props: SendFormProps) {
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => (props.busy ? e.preventDefault() : props.onSubmit(e))}
    >
      {props.summary ? (
        <Banner
          tone="error"
          title={props.summary}
          autoDismissMs={bannerMs}
          onDismiss={props.onDismissSummary}
        />
      ) : null}
      {props.children}
      {props.limits ? <SendLimitNote limits={props.limits} /> : null}
      {props.error ? (
        <Banner
          key={props.error}
          tone="error"
          title={props.error}
          autoDismissMs={bannerMs}
          onDismiss={props.onDismissError}
        />
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button type="submit" busy={props.busy} busyLabel="Sending..." disabled={!props.canSubmit}>
          Send Message
        </Button>
      </div>
    </form>
  );
}

import type { ReactNode } from 'react';
import type { SendLimitChannel } from '@parley/api-client';
import { Dialog } from '@parley/ui';
import type { FieldErrors } from './sendForm';
import { SendForm } from './SendForm';
import { useSendForm } from './useSendForm';

/** What every send modal takes from its container (SMS, WhatsApp, Email). */
export interface SendModalProps<V> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starting values (stories). */
  initialValues?: Partial<V>;
  busy?: boolean;
  /** The send failure ('Failed to send … message: …'), cleared after 5 s. */
  error?: string | null;
  onDismissError?: () => void;
  /** The organization's sending limit and usage on this channel, shown under the fields. */
  limits?: SendLimitChannel | null;
  onSend: (values: V) => void;
}

export interface SendMessageModalProps<V extends object> extends SendModalProps<V> {
  title: string;
  description: string;
  /** The empty form (before `initialValues`). */
  empty: V;
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>;
  /** Whether the required fields are filled (the submit is disabled until then). */
  canSubmit: (values: V) => boolean;
  /** What is sent (e.g. the addresses trimmed). */
  clean: (values: V) => V;
  /** The channel's fields, given the form's state. */
  fields: (form: ReturnType<typeof useSendForm<V>>) => ReactNode;
}

function MessageForm<V extends object>(props: SendMessageModalProps<V>) {
  const form = useSendForm<V>({ ...props.empty, ...props.initialValues }, props.validate);
  return (
    <SendForm
      summary={form.summary}
      onDismissSummary={form.clearSummary}
      onSubmit={(e) => form.submit(e, (v) => props.onSend(props.clean(v)))}
      canSubmit={props.canSubmit(form.values)}
      busy={props.busy}
      error={props.error}
      onDismissError={props.onDismissError}
      limits={props.limits}
      onCancel={() => props.onOpenChange(false)}
    >
      {props.fields(form)}
    </SendForm>
  );
}

/**
 * A channel's send modal: the dialog, the form's values and validation, the summary, the send
 * failure and the sending limit; the channel gives its fields. The form lives inside the
 * dialog, so closing the modal (the container does after a send) resets it.
 */
export function SendMessageModal<V extends object>(props: SendMessageModalProps<V>) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.description}
    >
      <MessageForm {...props} />
    </Dialog>
  );
}

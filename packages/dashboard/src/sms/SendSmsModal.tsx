import { messageTextLimits, type SendLimitChannel } from '@parley/api-client';
import { Dialog, TextArea, TextField } from '@parley/ui';
import { canSubmitSms, validateSmsSend, type SmsSendValues } from './sendForm';
import { SendForm } from './SendForm';
import { useSendForm } from './useSendForm';

export interface SendSmsModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Pre-filled From number (e.g. the first assigned SMS number). */
  defaultFrom?: string;
  /** Starting values (stories). */
  initialValues?: Partial<SmsSendValues>;
  busy?: boolean;
  /** The send failure ('Failed to send SMS message: …'), cleared after 5 s. */
  error?: string | null;
  onDismissError?: () => void;
  /** The organization's sending limit and usage on this channel, shown under the fields. */
  limits?: SendLimitChannel | null;
  onSend: (values: SmsSendValues) => void;
}

function SmsForm(props: SendSmsModalProps) {
  const form = useSendForm<SmsSendValues>(
    {
      from_number: props.defaultFrom ?? '',
      to_number: '',
      message_text: '',
      context: '',
      ...props.initialValues,
    },
    validateSmsSend,
  );
  const { values } = form;
  return (
    <SendForm
      summary={form.summary}
      onDismissSummary={form.clearSummary}
      onSubmit={(e) =>
        form.submit(e, (v) =>
          props.onSend({
            ...v,
            from_number: v.from_number.trim(),
            to_number: v.to_number.trim(),
          }),
        )
      }
      canSubmit={canSubmitSms(values)}
      busy={props.busy}
      error={props.error}
      onDismissError={props.onDismissError}
      limits={props.limits}
      onCancel={() => props.onOpenChange(false)}
    >
      <TextField
        label="From Number"
        type="tel"
        placeholder="+1234567890"
        isRequired
        {...form.field('from_number')}
      />
      <TextField
        label="To Number"
        type="tel"
        placeholder="+1234567890"
        isRequired
        {...form.field('to_number')}
      />
      <TextArea
        label="Message Text"
        rows={4}
        maxLength={messageTextLimits.sms}
        isRequired
        {...form.field('message_text')}
      />
      <TextField
        label="Context (optional)"
        value={values.context}
        onChange={(v) => form.set('context', v)}
        description="Background the agent can use when the person replies."
      />
    </SendForm>
  );
}

/**
 * 'Send SMS Message' (spec §5): From and To in international form, the message text, an optional
 * context. The submit is disabled until the three fields are filled; it closes and resets after
 * a successful send (the container closes it; the form lives inside the dialog).
 */
export function SendSmsModal(props: SendSmsModalProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Send SMS Message"
      description="Send a text message from one of your SMS-enabled numbers."
    >
      <SmsForm {...props} />
    </Dialog>
  );
}

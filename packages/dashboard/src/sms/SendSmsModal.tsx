import { Banner, Button, Dialog, TextArea, TextField } from '@parley/ui';
import { bannerMs } from '../phone-numbers/PhoneNumbersScreen';
import * as pn from '../phone-numbers/phoneNumbers.css';
import { canSubmitSms, validateSmsSend, type SmsSendValues } from './sendForm';
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
    <form
      className={pn.form}
      noValidate
      onSubmit={(e) => {
        if (props.busy) return e.preventDefault();
        form.submit(e, (v) =>
          props.onSend({
            ...v,
            from_number: v.from_number.trim(),
            to_number: v.to_number.trim(),
          }),
        );
      }}
    >
      {form.summary ? (
        <Banner
          tone="error"
          title={form.summary}
          autoDismissMs={bannerMs}
          onDismiss={form.clearSummary}
        />
      ) : null}
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
        maxLength={1600}
        isRequired
        {...form.field('message_text')}
      />
      <TextField
        label="Context (optional)"
        value={values.context}
        onChange={(v) => form.set('context', v)}
        description="Background the agent can use when the person replies."
      />
      {props.error ? (
        <Banner
          key={props.error}
          tone="error"
          title={props.error}
          autoDismissMs={bannerMs}
          onDismiss={props.onDismissError}
        />
      ) : null}
      <div className={pn.actions}>
        <Button variant="secondary" onClick={() => props.onOpenChange(false)} disabled={props.busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          busy={props.busy}
          busyLabel="Sending..."
          disabled={!canSubmitSms(values)}
        >
          Send Message
        </Button>
      </div>
    </form>
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

import { messageTextLimits, type SendLimitChannel } from '@parley/api-client';
import { Dialog, Select, TextArea, TextField } from '@parley/ui';
import { canSubmitWhatsapp, validateWhatsappSend, type WhatsappSendValues } from '../sms/sendForm';
import { SendForm } from '../sms/SendForm';
import { useSendForm } from '../sms/useSendForm';

export interface SendWhatsappModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The organization's WhatsApp numbers, offered as the optional receiving number. */
  numbers?: readonly string[];
  initialValues?: Partial<WhatsappSendValues>;
  busy?: boolean;
  /** The send failure ('Failed to send WhatsApp message: …'), cleared after 5 s. */
  error?: string | null;
  onDismissError?: () => void;
  /** The organization's sending limit and usage on this channel, shown under the fields. */
  limits?: SendLimitChannel | null;
  onSend: (values: WhatsappSendValues) => void;
}

const messageTypes = [
  { value: 'text', label: 'Text' },
  { value: 'template', label: 'Template' },
  { value: 'media', label: 'Media' },
];

function WhatsappForm(props: SendWhatsappModalProps) {
  const form = useSendForm<WhatsappSendValues>(
    {
      to_number: '',
      message_text: '',
      message_type: 'text',
      receiving_number: '',
      context: '',
      ...props.initialValues,
    },
    validateWhatsappSend,
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
            to_number: v.to_number.trim(),
            receiving_number: v.receiving_number.trim(),
          }),
        )
      }
      canSubmit={canSubmitWhatsapp(values)}
      busy={props.busy}
      error={props.error}
      onDismissError={props.onDismissError}
      limits={props.limits}
      onCancel={() => props.onOpenChange(false)}
    >
      <TextField
        label="Recipient Phone Number"
        type="tel"
        placeholder="+1234567890"
        isRequired
        {...form.field('to_number')}
      />
      <Select
        label="Message Type"
        value={values.message_type}
        items={messageTypes}
        onValueChange={(v) => form.set('message_type', v as WhatsappSendValues['message_type'])}
        description="Outside WhatsApp's 24-hour window only an approved template can be sent."
      />
      <TextArea
        label="Message Text"
        rows={4}
        maxLength={messageTextLimits.whatsapp}
        isRequired
        {...form.field('message_text')}
      />
      <TextField
        label="Receiving Number (optional)"
        type="tel"
        placeholder={props.numbers?.[0] ?? '+1234567890'}
        {...form.field('receiving_number')}
        description="Your WhatsApp number to send from; empty uses the one with an agent."
      />
      <TextField
        label="Context (optional)"
        value={values.context}
        onChange={(v) => form.set('context', v)}
      />
    </SendForm>
  );
}

/**
 * 'WhatsApp Send Message' (spec §5): recipient in international form and the text are required;
 * message type text, template or media; receiving number and context optional. Closes and
 * resets after a successful send.
 */
export function SendWhatsappModal(props: SendWhatsappModalProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="WhatsApp Send Message"
      description="Send a WhatsApp message from one of your WhatsApp-enabled numbers."
    >
      <WhatsappForm {...props} />
    </Dialog>
  );
}

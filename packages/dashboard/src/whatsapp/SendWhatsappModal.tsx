import { messageTextLimits } from '@parley/api-client';
import { Select, TextArea, TextField } from '@parley/ui';
import {
  canSubmitWhatsapp,
  SendMessageModal,
  validateWhatsappSend,
  type SendModalProps,
  type WhatsappSendValues,
} from '../channels';

export interface SendWhatsappModalProps extends SendModalProps<WhatsappSendValues> {
  /** The organization's WhatsApp numbers, offered as the optional receiving number. */
  numbers?: readonly string[];
}

const messageTypes = [
  { value: 'text', label: 'Text' },
  { value: 'template', label: 'Template' },
  { value: 'media', label: 'Media' },
];

const empty: WhatsappSendValues = {
  to_number: '',
  message_text: '',
  message_type: 'text',
  receiving_number: '',
  context: '',
};

/**
 * 'WhatsApp Send Message' (spec §5): recipient in international form and the text are required;
 * message type text, template or media; receiving number and context optional. Closes and
 * resets after a successful send.
 */
export function SendWhatsappModal({ numbers, ...props }: SendWhatsappModalProps) {
  return (
    <SendMessageModal
      {...props}
      title="WhatsApp Send Message"
      description="Send a WhatsApp message from one of your WhatsApp-enabled numbers."
      empty={empty}
      validate={validateWhatsappSend}
      canSubmit={canSubmitWhatsapp}
      clean={(v) => ({
        ...v,
        to_number: v.to_number.trim(),
        receiving_number: v.receiving_number.trim(),
      })}
      fields={(form) => (
        <>
          <TextField
            label="Recipient Phone Number"
            type="tel"
            placeholder="+1234567890"
            isRequired
            {...form.field('to_number')}
          />
          <Select
            label="Message Type"
            value={form.values.message_type}
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
            placeholder={numbers?.[0] ?? '+1234567890'}
            {...form.field('receiving_number')}
            description="Your WhatsApp number to send from; empty uses the one with an agent."
          />
          <TextField
            label="Context (optional)"
            value={form.values.context}
            onChange={(v) => form.set('context', v)}
          />
        </>
      )}
    />
  );
}

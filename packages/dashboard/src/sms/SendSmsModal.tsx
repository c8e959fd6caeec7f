import { messageTextLimits } from '@parley/api-client';
import { TextArea, TextField } from '@parley/ui';
import {
  canSubmitSms,
  SendMessageModal,
  validateSmsSend,
  type SendModalProps,
  type SmsSendValues,
} from '../channels';

export interface SendSmsModalProps extends SendModalProps<SmsSendValues> {
  /** Pre-filled From number (e.g. the first assigned SMS number). */
  defaultFrom?: string;
}

/**
 * 'Send SMS Message' (spec §5): From and To in international form, the message text, an optional
 * context. The submit is disabled until the three fields are filled; it closes and resets after
 * a successful send (the container closes it; the form lives inside the dialog).
 */
export function SendSmsModal({ defaultFrom, ...props }: SendSmsModalProps) {
  return (
    <SendMessageModal
      {...props}
      title="Send SMS Message"
      description="Send a text message from one of your SMS-enabled numbers."
      empty={{ from_number: defaultFrom ?? '', to_number: '', message_text: '', context: '' }}
      validate={validateSmsSend}
      canSubmit={canSubmitSms}
      clean={(v) => ({ ...v, from_number: v.from_number.trim(), to_number: v.to_number.trim() })}
      fields={(form) => (
        <>
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
            value={form.values.context}
            onChange={(v) => form.set('context', v)}
            description="Background the agent can use when the person replies."
          />
        </>
      )}
    />
  );
}

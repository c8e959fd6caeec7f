import {
  phoneFormatMessage,
  phonePattern,
  smsMessages,
  whatsappMessages,
} from '@parley/api-client';

/** The 'Send SMS Message' modal's fields. */
export interface SmsSendValues {
  from_number: string;
  to_number: string;
  message_text: string;
  context: string;
}

/** The 'WhatsApp Send Message' modal's fields. */
export interface WhatsappSendValues {
  to_number: string;
  message_text: string;
  message_type: 'text' | 'template' | 'media';
  receiving_number: string;
  context: string;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

function phoneError(value: string, required: string): string | undefined {
  const v = value.trim();
  if (!v) return required;
  return phonePattern.test(v) ? undefined : phoneFormatMessage;
}

/** §5 SMS send: each field's message in the spec's words (empty object = valid). */
export function validateSmsSend(values: SmsSendValues): FieldErrors<keyof SmsSendValues> {
  const errors: FieldErrors<keyof SmsSendValues> = {};
  const from = phoneError(values.from_number, smsMessages.from);
  if (from) errors.from_number = from;
  const to = phoneError(values.to_number, smsMessages.to);
  if (to) errors.to_number = to;
  if (!values.message_text.trim()) errors.message_text = smsMessages.text;
  return errors;
}

/** The submit button is disabled until the three fields are filled. */
export const canSubmitSms = (values: SmsSendValues) =>
  Boolean(values.from_number.trim() && values.to_number.trim() && values.message_text.trim());

/** §5 WhatsApp send: recipient required and E.164, message text required; the rest optional. */
export function validateWhatsappSend(
  values: WhatsappSendValues,
): FieldErrors<keyof WhatsappSendValues> {
  const errors: FieldErrors<keyof WhatsappSendValues> = {};
  const to = phoneError(values.to_number, whatsappMessages.recipient);
  if (to) errors.to_number = to;
  if (!values.message_text.trim()) errors.message_text = whatsappMessages.text;
  if (values.receiving_number.trim() && !phonePattern.test(values.receiving_number.trim()))
    errors.receiving_number = phoneFormatMessage;
  if (!['text', 'template', 'media'].includes(values.message_type))
    errors.message_type = 'Message type must be text, template or media';
  return errors;
}

export const canSubmitWhatsapp = (values: WhatsappSendValues) =>
  Boolean(values.to_number.trim() && values.message_text.trim());

/** 'Please fix the validation errors below.' when any field has an error. */
export const summaryOf = (errors: Record<string, string | undefined>) =>
  Object.values(errors).some(Boolean) ? smsMessages.summary : null;

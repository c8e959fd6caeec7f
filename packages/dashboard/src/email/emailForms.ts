import {
  emailFormatMessage,
  mailAddressPattern,
  mailMessages,
  mailSendDefaults,
  type MailSendRequest,
} from '@parley/api-client';
import type { FieldErrors } from '../channels';

/** The Email 'Send Message' modal's fields (spec §2: From Email*, To Email*, Subject*, Message*). */
export interface EmailSendValues {
  from_email: string;
  to_email: string;
  subject: string;
  message_text: string;
}

export const emptyEmailSend: EmailSendValues = {
  from_email: '',
  to_email: '',
  subject: '',
  message_text: '',
};

/** Looks like an e-mail address (the contract's pattern, the server's too). */
export const isEmailAddress = (value: string) => mailAddressPattern.test(value.trim());

function addressError(value: string, required: string): string | undefined {
  const v = value.trim();
  if (!v) return required;
  return isEmailAddress(v) ? undefined : emailFormatMessage;
}

/** §5 Email send: each field's message in the spec's words (empty object = valid). */
export function validateEmailSend(values: EmailSendValues): FieldErrors<keyof EmailSendValues> {
  const errors: FieldErrors<keyof EmailSendValues> = {};
  const from = addressError(values.from_email, mailMessages.from);
  if (from) errors.from_email = from;
  const to = addressError(values.to_email, mailMessages.to);
  if (to) errors.to_email = to;
  if (!values.subject.trim()) errors.subject = mailMessages.subject;
  else if (/[\r\n]/.test(values.subject)) errors.subject = 'Subject must be one line';
  if (!values.message_text.trim()) errors.message_text = mailMessages.text;
  return errors;
}

/** The send button is disabled until all four fields are filled (§2). */
export const canSubmitEmail = (values: EmailSendValues) =>
  Boolean(
    values.from_email.trim() &&
    values.to_email.trim() &&
    values.subject.trim() &&
    values.message_text.trim(),
  );

/**
 * The shared send form (§3) for Email: `recipient_phone` carries To, `context` the subject and
 * `receiving_number` From, with §9's defaults.
 */
export function toMailSendRequest(
  values: EmailSendValues,
  organizationId?: string,
): MailSendRequest {
  return {
    ...(organizationId ? { organization_id: organizationId } : {}),
    recipient_phone: values.to_email.trim(),
    receiving_number: values.from_email.trim(),
    context: values.subject.trim(),
    message_text: values.message_text.trim(),
    ...mailSendDefaults,
  };
}

/** The Assign Agent modal's fields: an agent and a valid mailbox address (§5 Email assign). */
export interface EmailAssignValues {
  agentId: string;
  email: string;
  description: string;
}

export function validateEmailAssign(
  values: EmailAssignValues,
): FieldErrors<keyof EmailAssignValues> {
  const errors: FieldErrors<keyof EmailAssignValues> = {};
  if (!values.agentId) errors.agentId = mailMessages.agent;
  if (!isEmailAddress(values.email)) errors.email = emailFormatMessage;
  if (values.description.length > 500)
    errors.description = 'Description must be at most 500 characters';
  return errors;
}

export const canSubmitEmailAssign = (values: EmailAssignValues) =>
  Boolean(values.agentId && values.email.trim());

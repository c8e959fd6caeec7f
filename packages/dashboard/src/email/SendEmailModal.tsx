import { TextArea, TextField } from '@parley/ui';
import { SendMessageModal, type SendModalProps } from '../channels';
import {
  canSubmitEmail,
  emptyEmailSend,
  validateEmailSend,
  type EmailSendValues,
} from './emailForms';

export interface SendEmailModalProps extends SendModalProps<EmailSendValues> {
  /** The organization's mailboxes (From must be one of them); the first pre-fills From. */
  mailboxes?: readonly string[];
  /** Pre-filled From (the mailbox the modal was opened from). */
  defaultFrom?: string;
}

/**
 * Send Message (spec §2, §5 Email send): From Email*, To Email*, Subject*, Message* (4 rows).
 * The button is disabled until all four are filled and while 'Sending...'; on success the
 * container closes it, which resets the form (it lives inside the dialog).
 */
export function SendEmailModal({ mailboxes = [], defaultFrom, ...props }: SendEmailModalProps) {
  return (
    <SendMessageModal
      {...props}
      title="Send Message"
      description="Send an email from one of your mailboxes. Replies are answered by its agent."
      empty={{ ...emptyEmailSend, from_email: defaultFrom ?? mailboxes[0] ?? '' }}
      validate={validateEmailSend}
      // §2: disabled until all four are filled (and while 'Sending...').
      canSubmit={canSubmitEmail}
      clean={(v) => ({
        from_email: v.from_email.trim(),
        to_email: v.to_email.trim(),
        subject: v.subject.trim(),
        message_text: v.message_text,
      })}
      fields={(form) => (
        <>
          <TextField
            label="From Email"
            type="email"
            placeholder="support@yourcompany.com"
            isRequired
            description={
              mailboxes.length ? `One of your mailboxes: ${mailboxes.join(', ')}` : undefined
            }
            {...form.field('from_email')}
          />
          <TextField
            label="To Email"
            type="email"
            placeholder="customer@example.com"
            isRequired
            {...form.field('to_email')}
          />
          <TextField label="Subject" isRequired maxLength={998} {...form.field('subject')} />
          <TextArea label="Message" rows={4} isRequired {...form.field('message_text')} />
        </>
      )}
    />
  );
}

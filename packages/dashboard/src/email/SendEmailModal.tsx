import type { SendLimitChannel } from '@parley/api-client';
import { Dialog, TextArea, TextField } from '@parley/ui';
import { SendForm } from '../sms/SendForm';
import { useSendForm } from '../sms/useSendForm';
import {
  canSubmitEmail,
  emptyEmailSend,
  validateEmailSend,
  type EmailSendValues,
} from './emailForms';

export interface SendEmailModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The organization's mailboxes (From must be one of them); the first pre-fills From. */
  mailboxes?: readonly string[];
  /** Pre-filled From (the mailbox the modal was opened from). */
  defaultFrom?: string;
  /** Starting values (stories). */
  initialValues?: Partial<EmailSendValues>;
  busy?: boolean;
  /** 'Failed to send Gmail message: …', cleared after 5 s. */
  error?: string | null;
  onDismissError?: () => void;
  /** The organization's e-mail sending limit and usage. */
  limits?: SendLimitChannel | null;
  onSend: (values: EmailSendValues) => void;
}

function EmailForm(props: SendEmailModalProps) {
  const form = useSendForm<EmailSendValues>(
    {
      ...emptyEmailSend,
      from_email: props.defaultFrom ?? props.mailboxes?.[0] ?? '',
      ...props.initialValues,
    },
    validateEmailSend,
  );
  const mailboxes = props.mailboxes ?? [];
  return (
    <SendForm
      summary={form.summary}
      onDismissSummary={form.clearSummary}
      onSubmit={(e) =>
        form.submit(e, (v) =>
          props.onSend({
            from_email: v.from_email.trim(),
            to_email: v.to_email.trim(),
            subject: v.subject.trim(),
            message_text: v.message_text,
          }),
        )
      }
      // §2: disabled until all four are filled (and while 'Sending...').
      canSubmit={canSubmitEmail(form.values)}
      busy={props.busy}
      error={props.error}
      onDismissError={props.onDismissError}
      limits={props.limits}
      onCancel={() => props.onOpenChange(false)}
    >
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
    </SendForm>
  );
}

/**
 * Send Message (spec §2, §5 Email send): From Email*, To Email*, Subject*, Message* (4 rows).
 * The button is disabled until all four are filled and while 'Sending...'; on success the
 * container closes it, which resets the form (it lives inside the dialog).
 */
export function SendEmailModal(props: SendEmailModalProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Send Message"
      description="Send an email from one of your mailboxes. Replies are answered by its agent."
    >
      <EmailForm {...props} />
    </Dialog>
  );
}

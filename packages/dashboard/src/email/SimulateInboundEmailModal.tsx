import { useState, type FormEvent } from 'react';
import { TextArea, TextField } from '@parley/ui';
import { emailFormatMessage, mailMessages } from '@parley/api-client';
import { isEmailAddress } from './emailForms';
import { SimulateDialog, SimulateForm } from '../channels';

export interface SimulateInboundEmailModalProps {
  /** The assigned mailbox the simulated person writes to; null = closed. */
  mailbox: string | null;
  onClose: () => void;
  busy?: boolean;
  error?: string | null;
  onSimulate: (input: { from: string; subject: string; text: string }) => void;
}

function Fields(props: SimulateInboundEmailModalProps) {
  const [from, setFrom] = useState('customer@example.com');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const errors = {
    from: !from.trim() ? mailMessages.from : isEmailAddress(from) ? undefined : emailFormatMessage,
    subject: subject.trim() ? undefined : mailMessages.subject,
    text: text.trim() ? undefined : mailMessages.text,
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (props.busy || errors.from || errors.subject || errors.text) return;
    props.onSimulate({ from: from.trim(), subject: subject.trim(), text: text.trim() });
  };
  return (
    <SimulateForm onSubmit={submit} onCancel={props.onClose} busy={props.busy} error={props.error}>
      <TextField
        label="From (the person writing in)"
        type="email"
        value={from}
        onChange={setFrom}
        errorMessage={checked ? errors.from : undefined}
      />
      <TextField
        label="Subject"
        value={subject}
        onChange={setSubject}
        errorMessage={checked ? errors.subject : undefined}
      />
      <TextArea
        label="Message"
        rows={4}
        value={text}
        onChange={setText}
        errorMessage={checked ? errors.text : undefined}
      />
    </SimulateForm>
  );
}

/**
 * 'Simulate inbound email': a person's mail to an assigned address, taken through the same
 * inbound path as real mail, so its agent answers it in the thread (on a fresh install too).
 */
export function SimulateInboundEmailModal(props: SimulateInboundEmailModalProps) {
  return (
    <SimulateDialog
      open={props.mailbox !== null}
      onClose={props.onClose}
      title="Simulate inbound email"
      description={`A simulated email to ${props.mailbox ?? ''}. Nothing goes over a real network.`}
    >
      <Fields {...props} />
    </SimulateDialog>
  );
}

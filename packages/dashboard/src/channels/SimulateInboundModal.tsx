import { useState, type FormEvent } from 'react';
import { TextArea, TextField } from '@parley/ui';
import { messageTextLimits, phoneFormatMessage, phonePattern } from '@parley/api-client';
import type { MessagingChannel } from '../api/DashboardApi';
import { channelLabels } from './channelLabels';
import { SimulateDialog, SimulateForm } from './ChannelFrame';

export interface SimulateInboundModalProps {
  channel: MessagingChannel;
  /** Our number the simulated person writes to; null = closed. */
  number: string | null;
  onClose: () => void;
  busy?: boolean;
  error?: string | null;
  onSimulate: (input: { from: string; text: string }) => void;
}

export const simulateTextRequired = 'Message text is required';

function Fields(props: SimulateInboundModalProps) {
  const [from, setFrom] = useState('+15005550100');
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const fromError = phonePattern.test(from.trim()) ? undefined : phoneFormatMessage;
  const textError = text.trim() ? undefined : simulateTextRequired;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (props.busy || fromError || textError) return;
    props.onSimulate({ from: from.trim(), text: text.trim() });
  };
  return (
    <SimulateForm onSubmit={submit} onCancel={props.onClose} busy={props.busy} error={props.error}>
      <TextField
        label="From (the person writing in)"
        type="tel"
        value={from}
        onChange={setFrom}
        errorMessage={checked ? fromError : undefined}
      />
      <TextArea
        label="Message"
        rows={3}
        maxLength={messageTextLimits[props.channel]}
        value={text}
        onChange={setText}
        errorMessage={checked ? textError : undefined}
      />
    </SimulateForm>
  );
}

/**
 * Sandbox only: a person's message to one of our numbers, delivered through the same signed
 * webhook path as a provider's, so the agent answers it in the thread.
 */
export function SimulateInboundModal(props: SimulateInboundModalProps) {
  return (
    <SimulateDialog
      open={props.number !== null}
      onClose={props.onClose}
      title="Simulate inbound message"
      description={`A simulated ${channelLabels[props.channel].name} message to ${props.number ?? ''}. Nothing goes over a real network.`}
    >
      <Fields {...props} />
    </SimulateDialog>
  );
}

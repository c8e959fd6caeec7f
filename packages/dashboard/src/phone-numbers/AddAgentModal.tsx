import { useState, type FormEvent } from 'react';
import { Banner, Button, Dialog, Select, Spinner } from '@parley/ui';
import { dialogPhoneNumber, phoneMessages, type PhoneNumber } from '@parley/api-client';
import * as styles from './phoneNumbers.css';

export interface AgentOption {
  /** The agent id (prefix_uuid). */
  id: string;
  /** The agent prefix (or its name) shown in the list. */
  label: string;
}

export interface AddAgentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agents: readonly AgentOption[];
  /** Available (unassigned) numbers. */
  numbers: readonly PhoneNumber[];
  loading?: boolean;
  busy?: boolean;
  error?: string | null;
  onAdd: (input: { agentId: string; phoneId: string; phoneNumber: string }) => void;
  /** The SMS and WhatsApp tabs reuse it as 'Assign Agent'. */
  title?: string;
  submitLabel?: string;
  busyLabel?: string;
  description?: string;
}

/** Add Agent: choose an agent prefix and an available phone number (Escape closes it). */
export function AddAgentModal({
  open,
  onOpenChange,
  agents,
  numbers,
  loading,
  busy,
  error,
  onAdd,
  title = 'Add Agent',
  submitLabel = 'Add Agent',
  busyLabel = 'Adding...',
  description = 'Choose an agent and the phone number it answers.',
}: AddAgentModalProps) {
  const [agentId, setAgentId] = useState('');
  const [phoneId, setPhoneId] = useState('');
  const [validation, setValidation] = useState<string | null>(null);

  const reset = () => {
    setAgentId('');
    setPhoneId('');
    setValidation(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const number = numbers.find((n) => n.phone_id === phoneId);
    if (!agentId || !number) {
      setValidation(phoneMessages.selectNumber);
      return;
    }
    if (!number.phone_id) {
      setValidation(phoneMessages.phoneIdMissing);
      return;
    }
    onAdd({ agentId, phoneId: number.phone_id, phoneNumber: number.phone_number });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      {loading ? (
        <Spinner label="Loading available phone numbers..." />
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <Select
            label="Agent prefix"
            placeholder={agents.length ? 'Select an agent' : 'No agents yet'}
            value={agentId}
            onValueChange={(v) => {
              setAgentId(v);
              setValidation(null);
            }}
            items={agents.map((a) => ({ value: a.id, label: a.label }))}
            disabled={agents.length === 0}
          />
          <Select
            label="Phone number"
            placeholder={numbers.length ? 'Select a phone number' : 'No available phone numbers'}
            value={phoneId}
            onValueChange={(v) => {
              setPhoneId(v);
              setValidation(null);
            }}
            items={numbers.map((n) => ({
              value: n.phone_id,
              label: dialogPhoneNumber(n.phone_number),
            }))}
            disabled={numbers.length === 0}
            errorMessage={validation ?? undefined}
          />
          {error ? <Banner tone="error" title={error} /> : null}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy} busyLabel={busyLabel} disabled={!agentId}>
              {submitLabel}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

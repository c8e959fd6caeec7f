import { useState, type FormEvent } from 'react';
import { Banner, Button, Dialog, Select } from '@parley/ui';
import {
  agentDisplayName,
  dialogPhoneNumber,
  phoneMessages,
  type PhoneNumber,
} from '@parley/api-client';
import { channelStyles, type AgentOption } from '../channels';
import * as styles from './phoneNumbers.css';

/** The choice that unassigns the number. */
export const noneOption = { value: '__none__', label: 'None (Delete Agent)' } as const;

export interface EditAssignmentModalProps {
  /** The number being edited; null closes the modal. */
  number: PhoneNumber | null;
  onClose: () => void;
  agents: readonly AgentOption[];
  busy?: boolean;
  error?: string | null;
  /** agentId null = 'None (Delete Agent)': unassign. */
  onSave: (input: { number: PhoneNumber; agentId: string | null }) => void;
}

/** Edit or delete a number's assignment; 'None (Delete Agent)' unassigns it. */
export function EditAssignmentModal(props: EditAssignmentModalProps) {
  return (
    <Dialog
      open={props.number !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title="Edit Assignment"
      description="Choose the agent that answers this number, or none."
    >
      {props.number ? (
        <EditForm key={props.number.phone_id} {...props} number={props.number} />
      ) : null}
    </Dialog>
  );
}

function EditForm({
  number,
  onClose,
  agents,
  busy,
  error,
  onSave,
}: EditAssignmentModalProps & { number: PhoneNumber }) {
  const [choice, setChoice] = useState(number.agent_id ?? noneOption.value);
  const [validation, setValidation] = useState<string | null>(null);
  const items = [
    noneOption,
    ...agents.map((a) => ({ value: a.id, label: a.label })),
    // The current agent stays selectable even if the agent list failed to load.
    ...(number.agent_id && !agents.some((a) => a.id === number.agent_id)
      ? [
          {
            value: number.agent_id,
            label: agentDisplayName({ id: number.agent_id, name: number.agent_name }),
          },
        ]
      : []),
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!number.phone_id) {
      setValidation(phoneMessages.phoneIdMissing);
      return;
    }
    if (choice === noneOption.value) {
      if (!number.agent_id) {
        setValidation(phoneMessages.phoneIdOrAgentMissing);
        return;
      }
      onSave({ number, agentId: null });
    } else {
      onSave({ number, agentId: choice });
    }
  };
  return (
    <form className={channelStyles.form} onSubmit={submit} noValidate>
      <p className={styles.summary}>{dialogPhoneNumber(number.phone_number)}</p>
      <Select
        label="Agent"
        value={choice}
        onValueChange={(v) => {
          setChoice(v);
          setValidation(null);
        }}
        items={items}
        errorMessage={validation ?? undefined}
      />
      {error ? <Banner tone="error" title={error} /> : null}
      <div className={channelStyles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
}

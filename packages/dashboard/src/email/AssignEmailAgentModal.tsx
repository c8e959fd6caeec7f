import { useState, type FormEvent } from 'react';
import { Banner, Button, Dialog, Select, Spinner, TextField } from '@parley/ui';
import type { AgentOption } from '../channels';
import { canSubmitEmailAssign, validateEmailAssign, type EmailAssignValues } from './emailForms';
import { channelStyles as channel } from '../channels';

export interface AssignEmailAgentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agents: readonly AgentOption[];
  /** The agents are being loaded. */
  loading?: boolean;
  busy?: boolean;
  /** 'Failed to assign agent: …' */
  error?: string | null;
  /** Starting values (stories; a mailbox's own Assign). */
  initialValues?: Partial<EmailAssignValues>;
  onAssign: (values: EmailAssignValues) => void;
}

function AssignForm(props: AssignEmailAgentModalProps) {
  const [values, setValues] = useState<EmailAssignValues>({
    agentId: '',
    email: '',
    description: '',
    ...props.initialValues,
  });
  const [touched, setTouched] = useState(false);
  const [emailLeft, setEmailLeft] = useState(false);
  const errors = validateEmailAssign(values);
  const set = (patch: Partial<EmailAssignValues>) => setValues((v) => ({ ...v, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (props.busy || Object.keys(errors).length) return;
    props.onAssign({
      ...values,
      email: values.email.trim(),
      description: values.description.trim(),
    });
  };
  if (props.loading) return <Spinner label="Loading agents..." />;
  return (
    <form className={channel.form} onSubmit={submit} noValidate>
      <Select
        label="Agent"
        placeholder={props.agents.length ? 'Select an agent' : 'No agents yet'}
        value={values.agentId}
        onValueChange={(agentId) => set({ agentId })}
        items={props.agents.map((a) => ({ value: a.id, label: a.label }))}
        disabled={props.agents.length === 0}
        errorMessage={touched ? errors.agentId : undefined}
        isRequired
      />
      <TextField
        label="Email Address"
        type="email"
        placeholder="support@yourcompany.com"
        value={values.email}
        onChange={(email) => set({ email })}
        onBlur={() => setEmailLeft(Boolean(values.email.trim()))}
        // §5: inline 'Please enter a valid email address' once the address was left or sent.
        errorMessage={touched || emailLeft ? errors.email : undefined}
        isRequired
        autoComplete="off"
      />
      <TextField
        label="Description (optional)"
        value={values.description}
        onChange={(description) => set({ description })}
        maxLength={500}
        errorMessage={errors.description}
      />
      {props.error ? <Banner key={props.error} tone="error" title={props.error} /> : null}
      <div className={channel.actions}>
        <Button variant="secondary" onClick={() => props.onOpenChange(false)} disabled={props.busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          busy={props.busy}
          busyLabel="Assigning..."
          disabled={!canSubmitEmailAssign(values)}
        >
          Assign Agent
        </Button>
      </div>
    </form>
  );
}

/**
 * Assign Agent (spec §5 Email assign): an agent and a valid email address are required; the
 * address gets the inline message 'Please enter a valid email address'. The form lives inside
 * the dialog, so closing it resets it.
 */
export function AssignEmailAgentModal(props: AssignEmailAgentModalProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Assign Agent"
      description="Choose an agent and the mailbox whose mail it answers."
    >
      <AssignForm {...props} />
    </Dialog>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { Banner, Button, Dialog, RadioGroup, TextField } from '@parley/ui';
import { validateAgentPrefix } from '@parley/api-client';
import type { AgentKind } from '../api/DashboardApi';
import { BoltIcon, BookIcon } from '../icons';
import * as styles from './agents.css';

export const agentKinds: ReadonlyArray<{ value: AgentKind; label: string; hint: string }> = [
  {
    value: 'knowledge',
    label: 'Knowledge Agent (RAG)',
    hint: 'Information retrieval from your knowledge bases; blocking replies.',
  },
  {
    value: 'action',
    label: 'Action Agent (AI Employee)',
    hint: 'Function calling and tools; streaming replies.',
  },
];

/** The kind's mark, on the Create Agent choice and on the agent's card (SVG: no emoji font needed). */
export const agentKindIcons: Record<AgentKind, ReactNode> = {
  knowledge: <BookIcon />,
  action: <BoltIcon />,
};

export const agentIdentifierHelp =
  "3-50 characters, lowercase letters, numbers, and underscores only. This will be used as your agent's unique identifier.";

export const missingOrganizationText =
  'Organization ID is not available. Please refresh the page and try again.';

export interface CreateAgentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orgId: string | null | undefined;
  busy?: boolean;
  /**
   * A failure from the server, shown as 'Failed to create agent: {message}' in a red banner (the
   * spec's '❌' is the banner's error icon: an emoji shows as a box without an emoji font).
   */
  error?: string | null;
  onCreate: (input: { prefix: string; kind: AgentKind }) => void;
}

export function CreateAgentModal({
  open,
  onOpenChange,
  orgId,
  busy,
  error,
  onCreate,
}: CreateAgentModalProps) {
  const [kind, setKind] = useState<AgentKind>('knowledge');
  const [prefix, setPrefix] = useState('');
  const [validation, setValidation] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = validateAgentPrefix(prefix) ?? (orgId ? null : missingOrganizationText);
    setValidation(problem);
    if (!problem) onCreate({ prefix, kind });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setPrefix('');
          setValidation(null);
          setKind('knowledge');
        }
        onOpenChange(next);
      }}
      title="Create Agent"
      description="Choose what kind of agent to build and give it an identifier."
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <RadioGroup
          label="Agent type"
          name="agent-kind"
          options={agentKinds.map((k) => ({
            value: k.value,
            label: k.label,
            hint: k.hint,
            icon: agentKindIcons[k.value],
          }))}
          value={kind}
          onValueChange={setKind}
        />
        <TextField
          label="Agent Identifier"
          value={prefix}
          onChange={(v) => {
            setPrefix(v);
            setValidation(null);
          }}
          placeholder="e.g. customer-support, sales-automation"
          description={agentIdentifierHelp}
          errorMessage={validation ?? undefined}
          autoFocus
        />
        {error ? <Banner tone="error" title={`Failed to create agent: ${error}`} /> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel="Creating Agent...">
            Create Agent
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

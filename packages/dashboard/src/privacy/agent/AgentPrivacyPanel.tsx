import { useEffect, useState, type FormEvent } from 'react';
import { Banner, Button, Card, RadioGroup, Switch, TextArea } from '@parley/ui';
import {
  disclosureExample,
  disclosureMaxLength,
  type AgentUpdateRequest,
  type StorageMode,
} from '@parley/api-client';
import { storageModeLabels, storageModes } from '../privacyRules';
import * as styles from '../privacy.css';

/** The agent's own privacy settings as the agent's configuration holds them. */
export interface AgentPrivacyValue {
  /** null: the organization's mode. */
  storageMode: StorageMode | null;
  disclosure: string | null;
  transcriptionConsent: boolean;
}

export type AgentPrivacyUpdate = Pick<
  AgentUpdateRequest,
  'storage_mode' | 'disclosure' | 'transcription_consent'
>;

export interface AgentPrivacyPanelProps {
  value: AgentPrivacyValue;
  /** Edit mode: every input is disabled when false. */
  editing: boolean;
  saving?: boolean;
  /** The refusal of the last save, in the server's words. */
  error?: string | null;
  saved?: boolean;
  onSave: (update: AgentPrivacyUpdate) => void;
  id?: string;
  headingLevel?: 2 | 3;
}

type ModeChoice = StorageMode | 'organization';
const choices: ModeChoice[] = ['organization', ...storageModes];

const formOf = (value: AgentPrivacyValue) => ({
  mode: (value.storageMode ?? 'organization') as ModeChoice,
  disclosure: value.disclosure ?? '',
  consent: value.transcriptionConsent,
});

/** The PUT body of what changed (null: nothing). */
export function agentPrivacyUpdateOf(
  saved: AgentPrivacyValue,
  form: { mode: ModeChoice; disclosure: string; consent: boolean },
): AgentPrivacyUpdate | null {
  const body: AgentPrivacyUpdate = {};
  const mode = form.mode === 'organization' ? null : form.mode;
  if (mode !== saved.storageMode) body.storage_mode = mode;
  const disclosure = form.disclosure.trim() || null;
  if (disclosure !== (saved.disclosure?.trim() || null)) body.disclosure = disclosure;
  if (form.consent !== saved.transcriptionConsent) body.transcription_consent = form.consent;
  return Object.keys(body).length ? body : null;
}

/**
 * Privacy of one agent (the agent editor): its own storage mode or the organization's, the
 * disclosure line said or sent first, and asking a caller's consent to transcribe the call.
 * Saved to the draft, like every setting: live once published.
 */
export function AgentPrivacyPanel(props: AgentPrivacyPanelProps) {
  const { value, editing } = props;
  const { storageMode, disclosure, transcriptionConsent } = value;
  const [form, setForm] = useState(() => formOf(value));
  // The saved settings changed (saved, or loaded again): the form starts from them.
  useEffect(
    () => setForm(formOf({ storageMode, disclosure, transcriptionConsent })),
    [storageMode, disclosure, transcriptionConsent],
  );
  const body = agentPrivacyUpdateOf(value, form);
  const tooLong = form.disclosure.length > disclosureMaxLength;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing || !body || tooLong || props.saving) return;
    props.onSave(body);
  };
  return (
    <Card title="Privacy" headingLevel={props.headingLevel} id={props.id}>
      <form className={styles.stack} onSubmit={submit} aria-label="Agent privacy">
        {props.error && <Banner tone="error" title="Not saved" message={props.error} />}
        {props.saved && !body && (
          <Banner tone="success" title="Saved to the draft: live once published" />
        )}
        <RadioGroup<ModeChoice>
          label="What is stored of this agent's conversations"
          value={form.mode}
          onValueChange={(mode) => setForm({ ...form, mode })}
          disabled={!editing}
          options={choices.map((mode) =>
            mode === 'organization'
              ? {
                  value: mode,
                  label: "The organization's setting",
                  hint: 'As Account → Privacy says.',
                }
              : { value: mode, ...storageModeLabels[mode] },
          )}
        />
        <TextArea
          label="Disclosure line"
          value={form.disclosure}
          onChange={(disclosure) => setForm({ ...form, disclosure })}
          placeholder={disclosureExample}
          description="Said first on calls; sent first with the agent's first reply on SMS, WhatsApp and e-mail. Empty: none."
          errorMessage={
            tooLong
              ? `At most ${disclosureMaxLength} characters (${form.disclosure.length})`
              : undefined
          }
          disabled={!editing}
        />
        <Switch
          label="Ask callers for consent to transcribe the call"
          checked={form.consent}
          onCheckedChange={(consent) => setForm({ ...form, consent })}
          disabled={!editing}
        />
        <p className={styles.muted}>A caller who says no: nothing of the call is stored.</p>
        <div className={styles.row}>
          <Button
            type="submit"
            disabled={!editing || !body || tooLong}
            busy={props.saving}
            busyLabel="Saving..."
          >
            Save privacy
          </Button>
        </div>
      </form>
    </Card>
  );
}

import { useState, type FormEvent } from 'react';
import { Banner, Button, Dialog, Select, Spinner, Switch } from '@parley/ui';
import {
  agentDisplayName,
  dialogPhoneNumber,
  phoneMessages,
  type PhoneNumber,
} from '@parley/api-client';
import type { AgentOption } from './types';
import * as styles from './channel.css';

export interface AddAgentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agents: readonly AgentOption[];
  /** Available (unassigned) numbers. */
  numbers: readonly PhoneNumber[];
  loading?: boolean;
  busy?: boolean;
  error?: string | null;
  onAdd: (input: {
    agentId: string;
    phoneId: string;
    phoneNumber: string;
    /** The channels the agent answers: voice, plus SMS / WhatsApp when offered and chosen. */
    channels: Array<'voice' | 'sms' | 'whatsapp'>;
  }) => void;
  /**
   * Phone Numbers: the agent answers calls (voice), and the number's SMS and WhatsApp may be
   * given to it as well (each channel keeps its own agent).
   */
  offerOtherChannels?: boolean;
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
  offerOtherChannels = false,
}: AddAgentModalProps) {
  const [agentId, setAgentId] = useState('');
  const [phoneId, setPhoneId] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
  const [alsoSms, setAlsoSms] = useState(false);
  const [alsoWhatsapp, setAlsoWhatsapp] = useState(false);

  const reset = () => {
    setAgentId('');
    setPhoneId('');
    setValidation(null);
    setAlsoSms(false);
    setAlsoWhatsapp(false);
  };
  const chosen = numbers.find((n) => n.phone_id === phoneId);
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
    const channels: Array<'voice' | 'sms' | 'whatsapp'> = ['voice'];
    if (offerOtherChannels && alsoSms && number.sms_enabled) channels.push('sms');
    if (offerOtherChannels && alsoWhatsapp && number.whatsapp_enabled) channels.push('whatsapp');
    onAdd({ agentId, phoneId: number.phone_id, phoneNumber: number.phone_number, channels });
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
          {offerOtherChannels ? (
            <>
              <Switch
                label="Also answer SMS"
                description={
                  chosen && !chosen.sms_enabled
                    ? 'This number has no SMS.'
                    : chosen?.sms_agent_id
                      ? `Replaces its SMS agent (${agentDisplayName({ id: chosen.sms_agent_id, name: chosen.sms_agent_name })}).`
                      : 'Voice is assigned here; SMS keeps its own agent unless you choose this.'
                }
                checked={alsoSms && Boolean(chosen?.sms_enabled ?? true)}
                onCheckedChange={setAlsoSms}
                disabled={Boolean(chosen && !chosen.sms_enabled)}
              />
              <Switch
                label="Also answer WhatsApp"
                description={
                  chosen && !chosen.whatsapp_enabled
                    ? 'This number has no WhatsApp.'
                    : chosen?.whatsapp_agent_id
                      ? `Replaces its WhatsApp agent (${agentDisplayName({ id: chosen.whatsapp_agent_id, name: chosen.whatsapp_agent_name })}).`
                      : 'WhatsApp keeps its own agent unless you choose this.'
                }
                checked={alsoWhatsapp && Boolean(chosen?.whatsapp_enabled ?? true)}
                onCheckedChange={setAlsoWhatsapp}
                disabled={Boolean(chosen && !chosen.whatsapp_enabled)}
              />
            </>
          ) : null}
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

import { useEffect, useState, type FormEvent } from 'react';
import { Banner, Button, Card, RadioGroup, Spinner, Switch, TextField } from '@parley/ui';
import type { PrivacySettings, PrivacySettingsUpdate, StorageMode } from '@parley/api-client';
import {
  categories,
  categoryLabels,
  formOf,
  regionError,
  retentionError,
  retentionText,
  storageModeLabels,
  storageModes,
  updateOf,
  type PrivacyForm,
} from './privacyRules';
import * as styles from './privacy.css';

export interface PrivacySettingsPanelProps {
  settings: PrivacySettings | null;
  loading?: boolean;
  /** Loading failed (the server's words). */
  error?: string | null;
  onRetry?: () => void;
  /** Owners and admins change the settings; others see them with the reason. */
  canManage: boolean;
  saving?: boolean;
  /** The refusal of the last save, in the server's words. */
  saveError?: string | null;
  /** The last save succeeded. */
  saved?: boolean;
  onSave: (body: PrivacySettingsUpdate) => void;
}

export const manageReason = 'Only an owner or admin can change the privacy settings';

/**
 * Privacy (on /account): what is stored of conversations (full, redacted, metadata only), which
 * kinds of personal data redaction replaces, the country of numbers written without their code.
 */
export function PrivacySettingsPanel(props: PrivacySettingsPanelProps) {
  const { settings, canManage } = props;
  const [form, setForm] = useState<PrivacyForm | null>(settings ? formOf(settings) : null);
  useEffect(() => {
    if (settings) setForm(formOf(settings));
  }, [settings]);

  if (props.loading || (!settings && !props.error))
    return (
      <Card title="Privacy">
        <Spinner label="Loading privacy settings" />
      </Card>
    );
  if (!settings || !form)
    return (
      <Card title="Privacy">
        <Banner
          tone="error"
          title="Could not load the privacy settings"
          message={props.error ?? undefined}
          action={props.onRetry ? { label: 'Retry', onClick: props.onRetry } : undefined}
        />
      </Card>
    );

  const region = regionError(form.phoneRegion);
  const retention = retentionError(form.retentionDays);
  const body = updateOf(settings, form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canManage || region || retention || !body || props.saving) return;
    props.onSave(body);
  };
  const toggle = (category: (typeof categories)[number], on: boolean) =>
    setForm({
      ...form,
      categories: on
        ? [...form.categories, category]
        : form.categories.filter((c) => c !== category),
    });

  return (
    <Card title="Privacy">
      <form className={styles.stack} onSubmit={submit} aria-label="Privacy settings">
        {!canManage && <p className={styles.muted}>{manageReason}</p>}
        {props.saveError && <Banner tone="error" title="Not saved" message={props.saveError} />}
        {props.saved && !body && <Banner tone="success" title="Privacy settings saved" />}
        <RadioGroup<StorageMode>
          label="Storage mode"
          value={form.storageMode}
          onValueChange={(storageMode) => setForm({ ...form, storageMode })}
          disabled={!canManage}
          options={storageModes.map((mode) => ({
            value: mode,
            label: storageModeLabels[mode].label,
            hint: storageModeLabels[mode].hint,
          }))}
        />
        <p className={styles.muted}>
          The agent always reads the words as written during the conversation; this decides what is
          kept afterwards.
        </p>
        <fieldset className={styles.stack} disabled={!canManage}>
          <legend>Redacted kinds of personal data</legend>
          <div className={styles.categories}>
            {categories.map((category) => (
              <Switch
                key={category}
                label={categoryLabels[category]}
                checked={form.categories.includes(category)}
                onCheckedChange={(on) => toggle(category, on)}
                disabled={!canManage || form.storageMode !== 'redacted'}
              />
            ))}
          </div>
        </fieldset>
        <TextField
          label="Country of phone numbers without a country code"
          value={form.phoneRegion}
          onChange={(phoneRegion) => setForm({ ...form, phoneRegion })}
          placeholder={`Automatic (${settings.effective_phone_region})`}
          description="Two letters, e.g. US or GB. Empty: the country of your phone numbers, else US."
          errorMessage={region}
          maxLength={2}
          disabled={!canManage}
        />
        <TextField
          label="Delete data older than (days)"
          value={form.retentionDays}
          onChange={(retentionDays) => setForm({ ...form, retentionDays })}
          placeholder="Keep until deleted"
          inputMode="numeric"
          description={`Now: ${retentionText(settings.retention_days)}. The audit log is always kept.`}
          errorMessage={retention}
          maxLength={5}
          disabled={!canManage}
        />
        <div className={styles.row}>
          <Button
            type="submit"
            disabled={!canManage || !body || Boolean(region) || Boolean(retention)}
            busy={props.saving}
            busyLabel="Saving..."
          >
            Save privacy settings
          </Button>
        </div>
      </form>
    </Card>
  );
}

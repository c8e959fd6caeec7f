import { useState, type FormEvent } from 'react';
import { Banner, Button, Card, NumberField, Select, Spinner } from '@parley/ui';
import {
  describeWindow,
  validateDialling,
  windowChoices,
  type DiallingForm,
} from './diallingRules';
import * as styles from './scheduling.css';

export interface DiallingSettingsPanelProps {
  /** The saved settings (null while loading). */
  settings: DiallingForm | null;
  loading?: boolean;
  /** Loading failed (the server's words). */
  loadError?: string | null;
  saving?: boolean;
  /** The last Save's failure (the server's words). */
  error?: string | null;
  /** The last Save's success line. */
  saved?: string | null;
  onSave: (form: DiallingForm) => void;
  /** Why this user may not change them (a member): the fields are read-only, the reason shown. */
  disabledReason?: string | null;
}

function SettingsForm(props: DiallingSettingsPanelProps & { settings: DiallingForm }) {
  const [form, setForm] = useState<DiallingForm>(props.settings);
  const [errors, setErrors] = useState<Partial<Record<keyof DiallingForm, string>>>({});
  const locked = Boolean(props.disabledReason) || props.saving;
  const set = (patch: Partial<DiallingForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (locked) return;
    const found = validateDialling(form);
    setErrors(found);
    if (!Object.keys(found).length) props.onSave(form);
  };
  const changed =
    form.calling_window_start !== props.settings.calling_window_start ||
    form.calling_window_end !== props.settings.calling_window_end ||
    form.max_concurrent_calls !== props.settings.max_concurrent_calls;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Dialling settings">
      <div className={styles.settingsGrid}>
        <Select
          label="Calls from"
          value={form.calling_window_start}
          items={windowChoices('start', form.calling_window_start)}
          onValueChange={(v) => set({ calling_window_start: v })}
          disabled={locked}
        />
        <Select
          label="Calls until"
          value={form.calling_window_end}
          items={windowChoices('end', form.calling_window_end)}
          onValueChange={(v) => set({ calling_window_end: v })}
          errorMessage={errors.calling_window_end}
          disabled={locked}
        />
        <NumberField
          label="Calls at once"
          value={form.max_concurrent_calls}
          minValue={1}
          maxValue={100}
          onChange={(v) => set({ max_concurrent_calls: v })}
          errorMessage={errors.max_concurrent_calls}
          disabled={locked}
        />
      </div>
      <p className={styles.muted}>
        Calling window: {describeWindow(form)}, in each recipient&apos;s own time (from their
        number); 00:00–24:00 calls at any time. At most {form.max_concurrent_calls} of the
        organization&apos;s calls run at once; the others wait their turn.
      </p>
      {props.error ? <Banner key={props.error} tone="error" title={props.error} /> : null}
      {props.saved && !changed ? (
        <p role="status" className={styles.muted}>
          {props.saved}
        </p>
      ) : null}
      <div className={styles.settingsActions}>
        {props.disabledReason ? (
          <p className={styles.muted} id="dialling-settings-reason">
            {props.disabledReason}
          </p>
        ) : null}
        <Button
          type="submit"
          busy={props.saving}
          busyLabel="Saving..."
          disabled={Boolean(props.disabledReason) || !changed}
          aria-describedby={props.disabledReason ? 'dialling-settings-reason' : undefined}
        >
          Save settings
        </Button>
      </div>
    </form>
  );
}

/**
 * The organization's dialling settings on the Outbound tab: the calling window (in the
 * recipient's own time) and the cap on simultaneous calls. A member sees them read-only, with the
 * reason. Props in, events out.
 */
export function DiallingSettingsPanel(props: DiallingSettingsPanelProps) {
  let body;
  if (props.loadError) body = <Banner tone="error" title={props.loadError} />;
  else if (props.loading || !props.settings) body = <Spinner label="Loading dialling settings" />;
  else
    body = (
      <SettingsForm
        // Saved values start the form again (a save, or another member's change).
        key={JSON.stringify(props.settings)}
        {...props}
        settings={props.settings}
      />
    );
  return (
    <Card title="Calling window and cap" headingLevel={3} className={styles.rulesCard}>
      {body}
    </Card>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Banner, Button, Dialog, NumberField, Select, TextArea, TextField } from '@parley/ui';
import { scheduleMessages } from '@parley/api-client';
import {
  canSubmitSchedule,
  emptyScheduleForm,
  validateSchedule,
  type ScheduleErrors,
  type ScheduleForm,
} from './scheduleForm';
import * as styles from './scheduling.css';

export interface ScheduleAgentOption {
  id: string;
  label: string;
}

export interface ScheduleModalProps {
  mode: 'create' | 'edit';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agents: readonly ScheduleAgentOption[];
  /** The form's starting values (Edit: the event's). */
  initial?: ScheduleForm;
  busy?: boolean;
  /** The server's refusal (§8 message). */
  error?: string | null;
  /** Shows these errors at once (stories); else they appear on submit. */
  initialErrors?: ScheduleErrors;
  onSubmit: (form: ScheduleForm) => void;
  /** The clock the "in the future" check reads (tests, stories). */
  now?: () => Date;
}

const texts = {
  create: {
    title: 'Create Scheduled Event',
    submit: 'Scheduled Event',
    busy: 'Creating...',
    description: 'Choose the agent, who it calls and when.',
  },
  edit: {
    title: 'Edit Scheduled Event',
    submit: 'Update Event',
    busy: 'Updating...',
    description: 'Change the call before it is dialled.',
  },
} as const;

/** Create or edit a scheduled call (spec §2, §5): the submit rule and every §5 message. */
export function ScheduleModal({
  mode,
  open,
  onOpenChange,
  agents,
  initial = emptyScheduleForm,
  busy,
  error,
  initialErrors,
  onSubmit,
  now = () => new Date(),
}: ScheduleModalProps) {
  const [form, setForm] = useState<ScheduleForm>(initial);
  const [errors, setErrors] = useState<ScheduleErrors>(initialErrors ?? {});
  const t = texts[mode];
  useEffect(() => {
    if (open) {
      setForm(initial);
      setErrors(initialErrors ?? {});
    }
    // Reset when (re)opened for another event only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const set = (patch: Partial<ScheduleForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof ScheduleForm];
      return next;
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateSchedule(form, now());
    setErrors(found);
    if (Object.keys(found).length) return;
    onSubmit(form);
  };
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title} description={t.description}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t.title}>
        {hasErrors ? <Banner tone="error" title={scheduleMessages.summary} /> : null}
        <Select
          label="Agent"
          placeholder={agents.length ? 'Select an agent' : 'No agents yet'}
          value={form.agent_id}
          onValueChange={(agent_id) => set({ agent_id })}
          items={agents.map((a) => ({ value: a.id, label: a.label }))}
          disabled={agents.length === 0}
          errorMessage={errors.agent_id}
        />
        <TextField
          label="Recipient phone"
          type="tel"
          placeholder="+1234567890"
          value={form.recipient_phone}
          onChange={(recipient_phone) => set({ recipient_phone })}
          errorMessage={errors.recipient_phone}
          isRequired
        />
        <label className={styles.fieldLabel}>
          Scheduled time
          <input
            className={styles.nativeInput}
            type="datetime-local"
            value={form.scheduled_time}
            onChange={(e) => set({ scheduled_time: e.target.value })}
            aria-invalid={errors.scheduled_time ? true : undefined}
            aria-describedby={errors.scheduled_time ? 'schedule-time-error' : undefined}
            required
          />
          {errors.scheduled_time ? (
            <span id="schedule-time-error" className={styles.fieldError}>
              {errors.scheduled_time}
            </span>
          ) : null}
        </label>
        <NumberField
          label="Flexible time (minutes)"
          value={form.flexible_time_minutes}
          onChange={(flexible_time_minutes) => set({ flexible_time_minutes })}
          minValue={0}
          maxValue={60}
          description="The call may start up to this many minutes later (0 to 60)."
          errorMessage={errors.flexible_time_minutes}
        />
        <NumberField
          label="Max retries"
          value={form.max_retries}
          onChange={(max_retries) => set({ max_retries })}
          minValue={1}
          maxValue={10}
          description="Tries again after no answer, busy or a failed call (1 to 10)."
          errorMessage={errors.max_retries}
        />
        <TextArea
          label="Message template (optional)"
          value={form.message_template}
          onChange={(message_template) => set({ message_template })}
          rows={3}
          maxLength={2000}
          description="What the agent calls about; left as a message when voicemail answers."
        />
        {error ? <Banner tone="error" title={error} /> : null}
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel={t.busy} disabled={!canSubmitSchedule(form)}>
            {t.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

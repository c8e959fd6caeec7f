import { useId } from 'react';
import { weekdayValues, type Weekday } from '@parley/api-client';
import { Banner, Button, Card, TextArea, TextField } from '@parley/ui';
import {
  hoursTexts,
  rangeError,
  weekdayLabels,
  withRange,
  withRangeValue,
  withoutRange,
  type BusinessHoursForm,
  type HoursErrors,
} from './businessHoursForm';
import * as styles from './handoff.css';

export interface BusinessHoursEditorProps {
  form: BusinessHoursForm;
  onChange: (form: BusinessHoursForm) => void;
  onSave: () => void;
  saving?: boolean;
  /** Shown once the last save succeeded (until the next change). */
  saved?: boolean;
  /** Errors at their fields ('time_zone', 'days.mon.0', 'holidays.1', 'out_of_hours_message'). */
  errors?: HoursErrors;
  /** A refusal that names no field. */
  saveError?: string | null;
  /** Owners and admins change them; a member sees them, disabled, with the reason. */
  canEdit?: boolean;
}

function TimeInput({
  label,
  value,
  onChange,
  invalid,
  describedBy,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy?: string;
  disabled: boolean;
}) {
  return (
    <label className={styles.timeField}>
      {label}
      <input
        type="time"
        className={styles.timeInput}
        value={value === '24:00' ? '23:59' : value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(e) =>
          onChange(e.target.value === '23:59' && value === '24:00' ? '24:00' : e.target.value)
        }
      />
    </label>
  );
}

function DayRow({
  day,
  form,
  onChange,
  errors,
  disabled,
}: {
  day: Weekday;
  form: BusinessHoursForm;
  onChange: (form: BusinessHoursForm) => void;
  errors: HoursErrors;
  disabled: boolean;
}) {
  const id = useId();
  const ranges = form.days[day];
  const name = weekdayLabels[day];
  return (
    <li className={styles.day}>
      <span className={styles.dayName} id={`${id}-day`}>
        {name}
      </span>
      <div className={styles.stack}>
        {ranges.length === 0 ? <p className={styles.muted}>{hoursTexts.closed}</p> : null}
        {ranges.map((r, i) => {
          const error = rangeError(errors, day, i);
          const errorId = `${id}-${i}-error`;
          return (
            <div
              key={i}
              className={styles.stack}
              role="group"
              aria-label={`${name}, hours ${i + 1}`}
            >
              <div className={styles.range}>
                <TimeInput
                  label={hoursTexts.opens}
                  value={r.from}
                  invalid={Boolean(error)}
                  describedBy={error ? errorId : undefined}
                  disabled={disabled}
                  onChange={(from) => onChange(withRangeValue(form, day, i, { from }))}
                />
                <TimeInput
                  label={hoursTexts.closes}
                  value={r.to}
                  invalid={Boolean(error)}
                  describedBy={error ? errorId : undefined}
                  disabled={disabled}
                  onChange={(to) => onChange(withRangeValue(form, day, i, { to }))}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={disabled}
                  aria-label={`${hoursTexts.remove} ${name} hours ${i + 1}`}
                  onClick={() => onChange(withoutRange(form, day, i))}
                >
                  {hoursTexts.remove}
                </Button>
              </div>
              {error ? (
                <p className={styles.error} id={errorId}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            aria-label={`${hoursTexts.addHours} on ${name}`}
            onClick={() => onChange(withRange(form, day))}
          >
            {hoursTexts.addHours}
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * Settings → Business hours (issue 41): the time zone, each day's opening ranges, holidays and
 * the out-of-hours message; each error at its field (the contract's checks, before sending and
 * from the server). A view: props in, events out.
 */
export function BusinessHoursEditor({
  form,
  onChange,
  onSave,
  saving = false,
  saved = false,
  errors = {},
  saveError,
  canEdit = true,
}: BusinessHoursEditorProps) {
  const disabled = !canEdit || saving;
  const holidaysId = useId();
  return (
    <Card title={hoursTexts.heading} headingLevel={2}>
      <form
        className={styles.stack}
        onSubmit={(event) => {
          event.preventDefault();
          if (canEdit && !saving) onSave();
        }}
      >
        <p className={styles.muted}>{hoursTexts.intro}</p>
        {canEdit ? null : <Banner tone="info" title={hoursTexts.managersOnly} />}
        <TextField
          label={hoursTexts.timeZone}
          value={form.timeZone}
          onChange={(timeZone) => onChange({ ...form, timeZone })}
          description={hoursTexts.timeZoneHint}
          errorMessage={errors.time_zone}
          disabled={disabled}
        />
        <ul className={styles.days} aria-label="Opening hours">
          {weekdayValues.map((day) => (
            <DayRow
              key={day}
              day={day}
              form={form}
              onChange={onChange}
              errors={errors}
              disabled={disabled}
            />
          ))}
        </ul>
        {errors.days ? <p className={styles.error}>{errors.days}</p> : null}
        <div className={styles.stack} role="group" aria-labelledby={holidaysId}>
          <span className={styles.dayName} id={holidaysId}>
            {hoursTexts.holidays}
          </span>
          <p className={styles.muted}>{hoursTexts.holidaysHint}</p>
          {form.holidays.length === 0 ? (
            <p className={styles.muted}>{hoursTexts.noHolidays}</p>
          ) : null}
          {form.holidays.map((h, i) => {
            const error = errors[`holidays.${i}`];
            return (
              <div key={i} className={styles.stack}>
                <div className={styles.range}>
                  <label className={styles.timeField}>
                    {`${hoursTexts.holiday} ${i + 1}`}
                    <input
                      type="date"
                      className={styles.timeInput}
                      value={h}
                      aria-invalid={error ? true : undefined}
                      disabled={disabled}
                      onChange={(e) =>
                        onChange({
                          ...form,
                          holidays: form.holidays.map((x, k) => (k === i ? e.target.value : x)),
                        })
                      }
                    />
                  </label>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={disabled}
                    aria-label={`${hoursTexts.remove} ${hoursTexts.holiday.toLowerCase()} ${i + 1}`}
                    onClick={() =>
                      onChange({ ...form, holidays: form.holidays.filter((_, k) => k !== i) })
                    }
                  >
                    {hoursTexts.remove}
                  </Button>
                </div>
                {error ? <p className={styles.error}>{error}</p> : null}
              </div>
            );
          })}
          {errors.holidays ? <p className={styles.error}>{errors.holidays}</p> : null}
          <div>
            <Button
              variant="secondary"
              size="sm"
              disabled={disabled}
              onClick={() => onChange({ ...form, holidays: [...form.holidays, ''] })}
            >
              {hoursTexts.addHoliday}
            </Button>
          </div>
        </div>
        <TextArea
          label={hoursTexts.message}
          value={form.outOfHoursMessage}
          onChange={(outOfHoursMessage) => onChange({ ...form, outOfHoursMessage })}
          description={hoursTexts.messageHint}
          errorMessage={errors.out_of_hours_message}
          maxLength={500}
          rows={3}
          disabled={disabled}
        />
        {saveError ? (
          <Banner tone="error" title={hoursTexts.saveFailed} message={saveError} />
        ) : null}
        {saved ? <Banner tone="success" title={hoursTexts.saved} /> : null}
        <div>
          <Button type="submit" busy={saving} busyLabel={hoursTexts.saving} disabled={!canEdit}>
            {hoursTexts.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}

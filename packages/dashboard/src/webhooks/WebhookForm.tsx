import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@parley/ui';
import { webhookEventTypes, type WebhookEventChoice } from '@parley/api-client';
import { draftErrors, eventDescriptions, toggleEvent, type WebhookDraft } from './webhookRules';
import * as styles from './webhooks.css';

export interface WebhookFormProps {
  /** Owners and admins only: for others every control is disabled. */
  disabled?: boolean;
  busy?: boolean;
  /** Editing an endpoint: its values, and Save / Cancel instead of Add. */
  initial?: WebhookDraft;
  onCancel?: () => void;
  onSubmit: (draft: WebhookDraft) => void;
}

const empty: WebhookDraft = { url: '', description: '', events: [] };

/** Add a webhook: its URL, what it is for, and the events it receives (or all of them). */
export function WebhookForm({ disabled, busy, initial, onCancel, onSubmit }: WebhookFormProps) {
  const [draft, setDraft] = useState<WebhookDraft>(initial ?? empty);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? draftErrors(draft) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (disabled || busy || Object.keys(draftErrors(draft)).length) return;
    onSubmit({ ...draft, url: draft.url.trim(), description: draft.description.trim() });
    if (!initial) setDraft(empty);
    setSubmitted(false);
  };
  const choice = (value: WebhookEventChoice, label: string, hint: string) => (
    <li key={value}>
      <label className={styles.choice}>
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={draft.events.includes(value)}
          disabled={disabled}
          onChange={(e) =>
            setDraft({
              ...draft,
              events: toggleEvent(draft.events, value, e.currentTarget.checked),
            })
          }
        />
        <span className={styles.choiceText}>
          <span className={value === '*' ? undefined : styles.mono}>{label}</span>
          <span className={styles.muted}>{hint}</span>
        </span>
      </label>
    </li>
  );
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={initial ? `Edit ${initial.url}` : 'Add a webhook'}
    >
      <TextField
        label="Endpoint URL"
        type="url"
        value={draft.url}
        onChange={(url) => setDraft({ ...draft, url })}
        placeholder="https://example.com/parley-events"
        description="Events are POSTed here as JSON, signed per Standard Webhooks."
        errorMessage={errors.url}
        disabled={disabled}
        maxLength={2000}
      />
      <TextField
        label="Description (optional)"
        value={draft.description}
        onChange={(description) => setDraft({ ...draft, description })}
        placeholder="CRM sync"
        errorMessage={errors.description}
        disabled={disabled}
        maxLength={500}
      />
      <fieldset className={styles.form}>
        <legend className={styles.legend}>Events</legend>
        <ul className={styles.events} aria-label="Events">
          {choice('*', 'All events', 'Every event below, and those added later')}
          {webhookEventTypes.map((e) => choice(e, e, eventDescriptions[e]))}
        </ul>
        {errors.events ? (
          <p className={styles.error} role="alert">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.actions}>
        <Button
          type="submit"
          disabled={disabled}
          busy={busy}
          busyLabel={initial ? 'Saving...' : 'Adding...'}
        >
          {initial ? 'Save webhook' : 'Add webhook'}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

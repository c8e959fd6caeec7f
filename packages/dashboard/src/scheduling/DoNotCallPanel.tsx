import { useState, type FormEvent } from 'react';
import { Badge, Banner, Button, Card, ConfirmDialog, Spinner, TextField } from '@parley/ui';
import type { OptOutEntry } from '@parley/api-client';
import { validateDoNotCallNumber } from './diallingRules';
import * as styles from './scheduling.css';

export interface DoNotCallEntry {
  phone_number: string;
  reason: string;
  created_at: string;
}

export interface DoNotCallPanelProps {
  numbers: readonly DoNotCallEntry[];
  /** The people who sent STOP to one of the organization's numbers (never dialled either). */
  optOuts: readonly OptOutEntry[];
  loading?: boolean;
  loadError?: string | null;
  adding?: boolean;
  /** The number being removed. */
  removing?: string | null;
  /** The last add or remove failure (the server's words). */
  error?: string | null;
  /** The last add or remove success line. */
  notice?: string | null;
  onAdd: (entry: { phone_number: string; reason?: string }) => void;
  onRemove: (phone: string) => void;
  /** Why this user may not remove numbers (a member): Remove is disabled, the reason shown. */
  removeDisabledReason?: string | null;
  /** Formats dates (stories pass a fixed zone). */
  timeZone?: string;
}

const day = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone });

/**
 * The do-not-call list on the Outbound tab: add a number (with a reason), remove one (owner or
 * admin, after a confirmation), and the STOP opt-outs beside it, which are never dialled either.
 * Props in, events out.
 */
export function DoNotCallPanel(props: DoNotCallPanelProps) {
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (props.adding) return;
    const problem = validateDoNotCallNumber(phone);
    setInvalid(problem);
    if (problem) return;
    props.onAdd({ phone_number: phone.trim(), reason: reason.trim() || undefined });
    setPhone('');
    setReason('');
  };

  let list;
  if (props.loadError) list = <Banner tone="error" title={props.loadError} />;
  else if (props.loading) list = <Spinner label="Loading the do-not-call list" />;
  else
    list = (
      <>
        {props.numbers.length ? (
          <ul className={styles.rulesList} aria-label="Do-not-call list">
            {props.numbers.map((n) => (
              <li key={n.phone_number} className={styles.rulesItem}>
                <span className={styles.itemText}>
                  <strong>{n.phone_number}</strong>
                  <span className={styles.muted}>
                    {n.reason || 'No reason given'} · {day(n.created_at, props.timeZone)}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Remove ${n.phone_number} from the do-not-call list`}
                  busy={props.removing === n.phone_number}
                  busyLabel="Removing..."
                  disabled={Boolean(props.removeDisabledReason)}
                  onClick={() => setConfirming(n.phone_number)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No numbers on the list.</p>
        )}
        {props.removeDisabledReason && props.numbers.length ? (
          <p className={styles.muted}>{props.removeDisabledReason}</p>
        ) : null}
        <h4 className={styles.subheading}>Opted out by message</h4>
        {props.optOuts.length ? (
          <ul className={styles.rulesList} aria-label="Opted out by message">
            {props.optOuts.map((o) => (
              <li
                key={`${o.channel}-${o.our_number}-${o.phone_number}`}
                className={styles.rulesItem}
              >
                <span className={styles.itemText}>
                  <strong>{o.phone_number}</strong>
                  <span className={styles.muted}>
                    Sent {o.keyword} to {o.our_number} · {day(o.created_at, props.timeZone)}
                  </span>
                </span>
                <Badge tone="neutral" className={styles.status}>
                  {o.channel === 'sms' ? 'SMS' : 'WhatsApp'}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>
            Nobody has sent STOP to your numbers. Who does is listed here and never called.
          </p>
        )}
      </>
    );

  return (
    <Card title="Do-not-call list" headingLevel={3} className={styles.rulesCard}>
      <div className={styles.form}>
        <p className={styles.muted}>
          These numbers are never dialled: a scheduled call to one fails with the reason.
        </p>
        <form className={styles.addRow} onSubmit={submit} noValidate aria-label="Add a number">
          <TextField
            label="Phone number"
            type="tel"
            placeholder="+14155550100"
            value={phone}
            onChange={(v) => {
              setPhone(v);
              setInvalid(null);
            }}
            errorMessage={invalid ?? undefined}
          />
          <TextField
            label="Reason (optional)"
            value={reason}
            onChange={setReason}
            maxLength={500}
          />
          <Button type="submit" busy={props.adding} busyLabel="Adding...">
            Add
          </Button>
        </form>
        {props.error ? <Banner key={props.error} tone="error" title={props.error} /> : null}
        {props.notice ? (
          <p role="status" className={styles.muted}>
            {props.notice}
          </p>
        ) : null}
        {list}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Remove from the do-not-call list?"
        message={`${confirming ?? ''} may be called again by scheduled calls.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        tone="danger"
        onConfirm={() => {
          if (confirming) props.onRemove(confirming);
          setConfirming(null);
        }}
      />
    </Card>
  );
}

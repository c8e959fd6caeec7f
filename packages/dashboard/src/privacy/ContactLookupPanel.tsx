import { useState, type FormEvent } from 'react';
import { Banner, Button, Card, ConfirmDialog, TextField } from '@parley/ui';
import type { ContactErasure, ContactExport } from '@parley/api-client';
import { contactKindLabels, erasureText, exportSummary } from './privacyRules';
import * as styles from './privacy.css';

export interface ContactLookupPanelProps {
  /** Owners and admins look people up, export and erase; others see why not. */
  canManage: boolean;
  /** The last lookup's export (what the organization holds about the person). */
  found: ContactExport | null;
  /** The last erasure's counts. */
  erased: ContactErasure | null;
  looking?: boolean;
  erasing?: boolean;
  error?: string | null;
  onLookup: (contact: string) => void;
  onDownload: (doc: ContactExport) => void;
  onErase: (contact: string) => void;
}

export const contactReason = "Only an owner or admin can export or erase a person's data";

/**
 * A person's data (GDPR articles 15 and 17): look a phone number, e-mail address or widget user id
 * up, download everything held about them as JSON, or erase it (with confirmation). Their
 * do-not-contact records stay, as a keyed hash.
 */
export function ContactLookupPanel(props: ContactLookupPanelProps) {
  const { canManage, found, erased } = props;
  const [contact, setContact] = useState('');
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canManage || !contact.trim() || props.looking) return;
    props.onLookup(contact.trim());
  };
  return (
    <Card title="A person's data">
      <div className={styles.stack}>
        <p className={styles.muted}>
          Everything held about one person — conversations, messages, calls, scheduled calls and
          consent records — to hand them a copy or erase it.
        </p>
        {!canManage && <p className={styles.muted}>{contactReason}</p>}
        <form className={styles.row} onSubmit={submit} aria-label="Look up a contact">
          <div className={styles.grow}>
            <TextField
              label="Phone number, e-mail address or user id"
              value={contact}
              onChange={setContact}
              placeholder="+1 415 555 2671"
              disabled={!canManage}
            />
          </div>
          <Button
            type="submit"
            variant="secondary"
            disabled={!canManage || !contact.trim()}
            busy={props.looking}
            busyLabel="Looking up..."
          >
            Look up
          </Button>
        </form>
        {props.error && <Banner tone="error" title="That did not work" message={props.error} />}
        {erased && (
          <Banner
            tone="success"
            title={`Erased ${erased.contact.normalized}`}
            message={erasureText(erased.erased)}
          />
        )}
        {found && (
          <section className={styles.stack} aria-label="Contact found">
            <dl className={styles.summary}>
              <dt>{contactKindLabels[found.contact.kind]}</dt>
              <dd className={styles.mono}>{found.contact.normalized}</dd>
              {exportSummary(found).map((line) => (
                <div key={line.label} className={styles.contents}>
                  <dt>{line.label}</dt>
                  <dd>{line.count}</dd>
                </div>
              ))}
            </dl>
            <div className={styles.row}>
              <Button variant="secondary" onClick={() => props.onDownload(found)}>
                Download JSON
              </Button>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Erase…
              </Button>
            </div>
          </section>
        )}
        <ConfirmDialog
          open={confirming && found !== null}
          onOpenChange={setConfirming}
          title="Erase this person's data?"
          message={`Every conversation, message and call of ${found?.contact.normalized ?? ''} is deleted for good. Their do-not-contact records stay, as a hash, so they are never contacted again.`}
          confirmLabel="Erase"
          busyLabel="Erasing..."
          busy={props.erasing}
          tone="danger"
          onConfirm={() => {
            if (found) props.onErase(found.contact.normalized);
            setConfirming(false);
          }}
        />
      </div>
    </Card>
  );
}

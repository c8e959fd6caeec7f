import { useState, type FormEvent } from 'react';
import { Banner, Button, CopyField, RadioGroup, Select, Switch, TextField } from '@parley/ui';
import {
  mailAutonomyLabels,
  mailPresets,
  type Mailbox,
  type MailboxRequest,
  type MailboxTestResult,
  type MailAutonomy,
  type MailPreset,
} from '@parley/api-client';
import { NoticeBanner, type Notice } from '../channels';
import {
  applyPreset,
  mailboxFormValues,
  toMailboxRequest,
  validateMailboxForm,
  type MailboxFieldKey,
  type MailboxFormValues,
  type ServerFields,
} from './mailboxForm';
import { RefusedMails } from './RefusedMails';
import * as styles from './email.css';
import { channelStyles as channel } from '../channels';

export interface MailboxSettingsPanelProps {
  mailbox: Mailbox;
  saving?: boolean;
  testing?: boolean;
  /** The last Test's outcome (which server failed and why). */
  testResult?: MailboxTestResult | null;
  /** The last save's outcome. */
  notice?: Notice | null;
  onDismissNotice?: () => void;
  onSave: (request: MailboxRequest) => void;
  onTest: () => void;
}

const presetItems = [
  { value: 'custom', label: 'Custom' },
  ...(Object.entries(mailPresets) as Array<[MailPreset, { label: string }]>).map(([value, p]) => ({
    value,
    label: p.label,
  })),
];

function ServerFieldset(props: {
  legend: string;
  prefix: 'smtp' | 'imap';
  server: ServerFields & { folder?: string };
  storedPassword: string;
  errorOf: (key: MailboxFieldKey) => string | undefined;
  onChange: (patch: Partial<ServerFields & { folder: string }>) => void;
}) {
  const { prefix, server } = props;
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionHeading}>{props.legend}</legend>
      <div className={styles.grid}>
        <TextField
          label={`${props.legend} host`}
          value={server.host}
          onChange={(host) => props.onChange({ host })}
          errorMessage={props.errorOf(`${prefix}.host`)}
          placeholder={prefix === 'smtp' ? 'smtp.example.com' : 'imap.example.com'}
        />
        <TextField
          label={`${props.legend} port`}
          inputMode="numeric"
          value={server.port}
          onChange={(port) => props.onChange({ port })}
          errorMessage={props.errorOf(`${prefix}.port`)}
        />
        <TextField
          label={`${props.legend} username`}
          value={server.username}
          onChange={(username) => props.onChange({ username })}
          errorMessage={props.errorOf(`${prefix}.username`)}
          autoComplete="off"
        />
        <TextField
          label={`${props.legend} password`}
          type="password"
          value={server.password}
          onChange={(password) => props.onChange({ password })}
          errorMessage={props.errorOf(`${prefix}.password`)}
          description={
            props.storedPassword
              ? `Stored: ${props.storedPassword}. Leave blank to keep it.`
              : 'An app password.'
          }
          autoComplete="new-password"
        />
        {prefix === 'imap' ? (
          <TextField
            label="IMAP folder"
            value={server.folder ?? ''}
            onChange={(folder) => props.onChange({ folder })}
            errorMessage={props.errorOf('imap.folder')}
          />
        ) : null}
      </div>
      <Switch
        label={prefix === 'smtp' ? 'TLS from the start (port 465)' : 'TLS (port 993)'}
        description={
          prefix === 'smtp' ? 'Off: STARTTLS when the server offers it (port 587).' : undefined
        }
        checked={server.secure}
        onCheckedChange={(secure) => props.onChange({ secure })}
      />
    </fieldset>
  );
}

function SettingsForm(props: MailboxSettingsPanelProps) {
  const { mailbox } = props;
  const [values, setValues] = useState<MailboxFormValues>(() => mailboxFormValues(mailbox));
  const [submitted, setSubmitted] = useState(false);
  const errors = validateMailboxForm(values, mailbox);
  const errorOf = (key: MailboxFieldKey) => (submitted ? errors[key] : undefined);
  const preset = values.preset === 'custom' ? null : mailPresets[values.preset];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (props.saving || Object.keys(errors).length) return;
    props.onSave(toMailboxRequest(values));
  };
  return (
    <form className={channel.form} onSubmit={submit} noValidate aria-label="Mailbox settings">
      <Select
        label="Preset"
        value={values.preset}
        items={presetItems}
        onValueChange={(p) =>
          setValues((v) => applyPreset(v, p as MailPreset | 'custom', mailbox.email_address))
        }
        description={preset?.help ?? 'Fill in your mail provider’s servers.'}
      />
      <Switch
        label="Send through SMTP"
        description={
          values.smtpEnabled
            ? 'Mail is sent through this SMTP server.'
            : 'Off: mail from this mailbox goes into the sandbox outbox (nothing is sent for real).'
        }
        checked={values.smtpEnabled}
        onCheckedChange={(smtpEnabled) => setValues((v) => ({ ...v, smtpEnabled }))}
      />
      {values.smtpEnabled ? (
        <ServerFieldset
          legend="SMTP"
          prefix="smtp"
          server={values.smtp}
          storedPassword={mailbox.smtp?.password ?? ''}
          errorOf={errorOf}
          onChange={(patch) =>
            setValues((v) => ({ ...v, preset: 'custom', smtp: { ...v.smtp, ...patch } }))
          }
        />
      ) : null}
      <Switch
        label="Read mail over IMAP"
        description={
          values.imapEnabled
            ? 'New mail is picked up as it arrives (IDLE), else every 60 seconds.'
            : 'Off: mail arrives only at the inbound URL above.'
        }
        checked={values.imapEnabled}
        onCheckedChange={(imapEnabled) => setValues((v) => ({ ...v, imapEnabled }))}
      />
      {values.imapEnabled ? (
        <ServerFieldset
          legend="IMAP"
          prefix="imap"
          server={values.imap}
          storedPassword={mailbox.imap?.password ?? ''}
          errorOf={errorOf}
          onChange={(patch) =>
            setValues((v) => ({ ...v, preset: 'custom', imap: { ...v.imap, ...patch } }))
          }
        />
      ) : null}
      <RadioGroup<MailAutonomy>
        label="When mail arrives"
        value={values.autonomy}
        onValueChange={(autonomy) => setValues((v) => ({ ...v, autonomy }))}
        variant="list"
        options={[
          {
            value: 'auto',
            label: mailAutonomyLabels.auto,
            hint: 'The agent replies in the thread.',
          },
          {
            value: 'draft',
            label: mailAutonomyLabels.draft,
            hint: 'The reply waits in the thread until a member sends, edits or discards it.',
          },
        ]}
      />
      {submitted && Object.keys(errors).length ? (
        <Banner tone="error" title="Please fix the validation errors below." />
      ) : null}
      <div className={channel.actions}>
        <Button
          variant="secondary"
          onClick={props.onTest}
          busy={props.testing}
          busyLabel="Testing..."
          disabled={!mailbox.smtp && !mailbox.imap}
        >
          Test
        </Button>
        <Button type="submit" busy={props.saving} busyLabel="Saving...">
          Save Settings
        </Button>
      </div>
    </form>
  );
}

/**
 * A mailbox's settings: SMTP (off: the sandbox outbox) and IMAP (off: the inbound URL only),
 * with Gmail and Outlook / Microsoft 365 presets, what to do with mail ('Answer automatically'
 * or 'Draft for approval'), the inbound URL, and Test, which says which server failed and why.
 */
export function MailboxSettingsPanel(props: MailboxSettingsPanelProps) {
  const { mailbox, testResult } = props;
  return (
    <section className={channel.form} aria-label={`Settings of ${mailbox.email_address}`}>
      <NoticeBanner slim={false} notice={props.notice} onDismiss={props.onDismissNotice} />
      {testResult ? (
        <Banner
          tone={testResult.success ? 'success' : 'error'}
          title={testResult.message}
          data-testid="mailbox-test-result"
        >
          <ul className={styles.progress}>
            {testResult.smtp ? <li>SMTP: {testResult.smtp.message}</li> : null}
            {testResult.imap ? <li>IMAP: {testResult.imap.message}</li> : null}
          </ul>
        </Banner>
      ) : mailbox.last_test ? (
        <p className={styles.subtle}>
          Last test: {mailbox.last_test.message} ({new Date(mailbox.last_test.at).toLocaleString()})
        </p>
      ) : null}
      {mailbox.imap?.last_error ? (
        <Banner
          tone="warning"
          title="The mailbox could not be read"
          message={mailbox.imap.last_error}
        />
      ) : null}
      <RefusedMails refused={mailbox.refused} />
      <CopyField label="Inbound URL" value={mailbox.inbound_url} />
      <p className={styles.subtle}>
        Providers that post inbound mail (a raw message, message/rfc822, at most 10 MB) deliver it
        to this address.
      </p>
      {/* Saved settings reset the form to what the server stored. */}
      <SettingsForm key={mailbox.updated_at} {...props} />
    </section>
  );
}

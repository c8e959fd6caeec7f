import { Banner, Button, Card, Spinner, Switch, TextField } from '@parley/ui';
import * as styles from './handoff.css';

export const contactTexts = {
  heading: 'When a conversation needs a person',
  phone: 'Your phone number',
  phoneHint:
    'With its country code, e.g. +14155550100. A caller who asks for a person inside business hours is put through to a member with a number (the one put through least recently).',
  savePhone: 'Save phone number',
  savingPhone: 'Saving...',
  phoneSaved: 'Phone number saved.',
  email: 'E-mail me when a conversation needs a person',
  emailHint: 'An e-mail with the reason, the summary and a link to the conversation.',
  noMailer:
    'This server has no mailer, so no e-mail is sent: the operator sets PARLEY_SMTP_URL to turn e-mail on.',
  loading: 'Loading your settings...',
  loadFailed: 'Failed to load your settings',
  saveFailed: 'Could not save',
} as const;

export interface ContactSettingsProps {
  loading?: boolean;
  loadError?: string | null;
  phone: string;
  onPhoneChange: (value: string) => void;
  onSavePhone: () => void;
  savingPhone?: boolean;
  phoneSaved?: boolean;
  phoneError?: string | null;
  emailAlerts: boolean;
  onEmailAlertsChange: (on: boolean) => void;
  savingAlerts?: boolean;
  alertsError?: string | null;
  /** The install has a mailer (PARLEY_SMTP_URL). */
  mailer: boolean;
}

/**
 * Account → 'When a conversation needs a person': the member's own phone number (a call is put
 * through to it) and e-mail alerts. A view: props in, events out.
 */
export function ContactSettings({
  loading = false,
  loadError,
  phone,
  onPhoneChange,
  onSavePhone,
  savingPhone = false,
  phoneSaved = false,
  phoneError,
  emailAlerts,
  onEmailAlertsChange,
  savingAlerts = false,
  alertsError,
  mailer,
}: ContactSettingsProps) {
  return (
    <Card title={contactTexts.heading} headingLevel={2}>
      {loadError ? (
        <Banner tone="error" title={contactTexts.loadFailed} message={loadError} />
      ) : loading ? (
        <div className={styles.center}>
          <Spinner label={contactTexts.loading} />
        </div>
      ) : (
        <div className={styles.stack}>
          <form
            className={styles.stack}
            onSubmit={(event) => {
              event.preventDefault();
              if (!savingPhone) onSavePhone();
            }}
          >
            <TextField
              label={contactTexts.phone}
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={onPhoneChange}
              description={contactTexts.phoneHint}
              errorMessage={phoneError ?? undefined}
              maxLength={40}
            />
            {phoneSaved ? <Banner tone="success" title={contactTexts.phoneSaved} /> : null}
            <div>
              <Button
                type="submit"
                variant="secondary"
                busy={savingPhone}
                busyLabel={contactTexts.savingPhone}
              >
                {contactTexts.savePhone}
              </Button>
            </div>
          </form>
          <Switch
            label={contactTexts.email}
            description={contactTexts.emailHint}
            checked={emailAlerts}
            onCheckedChange={onEmailAlertsChange}
            disabled={savingAlerts}
          />
          {mailer ? null : <p className={styles.muted}>{contactTexts.noMailer}</p>}
          {alertsError ? (
            <Banner tone="error" title={contactTexts.saveFailed} message={alertsError} />
          ) : null}
        </div>
      )}
    </Card>
  );
}

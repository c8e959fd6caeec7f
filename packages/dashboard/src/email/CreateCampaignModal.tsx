import { useState, type FormEvent } from 'react';
import {
  Banner,
  Button,
  Dialog,
  FileDropzone,
  NumberField,
  Select,
  TextArea,
  TextField,
} from '@parley/ui';
import { templateFields, type CampaignCreateRequest } from '@parley/api-client';
import {
  checkCampaign,
  emptyCampaign,
  toCampaignRequest,
  type CampaignFormValues,
} from './campaignForm';
import * as styles from './email.css';
import { channelStyles as channel } from '../channels';

export interface CreateCampaignModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The organization's mailboxes (the From). */
  mailboxes: readonly string[];
  initialValues?: Partial<CampaignFormValues>;
  busy?: boolean;
  error?: string | null;
  onCreate: (request: CampaignCreateRequest) => void;
  /** Injectable clock (start time in the future). */
  now?: () => Date;
}

function CampaignForm(props: CreateCampaignModalProps) {
  const [values, setValues] = useState<CampaignFormValues>({
    ...emptyCampaign,
    from_email: props.mailboxes[0] ?? '',
    ...props.initialValues,
  });
  const [submitted, setSubmitted] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const check = checkCampaign(values, props.now?.() ?? new Date());
  const set = (patch: Partial<CampaignFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const shown = (k: keyof CampaignFormValues) => (submitted ? check.errors[k] : undefined);
  const fields = templateFields(`${values.subject}\n${values.body}`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (props.busy || Object.keys(check.errors).length) return;
    props.onCreate(toCampaignRequest(values));
  };
  const { parsed } = check;
  return (
    <form className={channel.form} onSubmit={submit} noValidate>
      <TextField
        label="Campaign name"
        isRequired
        value={values.name}
        onChange={(name) => set({ name })}
        errorMessage={shown('name')}
      />
      <Select
        label="From mailbox"
        placeholder={props.mailboxes.length ? 'Select a mailbox' : 'No mailboxes yet'}
        value={values.from_email}
        items={props.mailboxes.map((m) => ({ value: m, label: m }))}
        onValueChange={(from_email) => set({ from_email })}
        disabled={!props.mailboxes.length}
        errorMessage={shown('from_email')}
        isRequired
      />
      <TextField
        label="Subject"
        isRequired
        value={values.subject}
        onChange={(subject) => set({ subject })}
        errorMessage={shown('subject')}
      />
      <TextArea
        label="Body"
        rows={6}
        isRequired
        value={values.body}
        onChange={(body) => set({ body })}
        errorMessage={shown('body')}
        description="{{field}} is filled from the CSV column of that name, e.g. Hi {{first_name}}."
      />
      <TextArea
        label="Recipients (CSV)"
        rows={5}
        isRequired
        value={values.csv}
        onChange={(csv) => set({ csv })}
        placeholder={'email,first_name\nada@example.com,Ada'}
        description="A header row with an email column; the other columns fill the placeholders."
        errorMessage={shown('csv')}
      />
      <FileDropzone
        label="Upload a CSV file"
        accept={['.csv', 'text/csv']}
        maxSizeBytes={5_000_000}
        onFiles={(files) => {
          setFileError(null);
          void files[0]?.text().then((csv) => set({ csv }));
        }}
        onReject={(reasons) => setFileError(reasons.join(' '))}
      />
      {fileError ? <Banner tone="error" title={fileError} /> : null}
      <p className={styles.subtle} aria-live="polite" data-testid="recipients-summary">
        {parsed.recipients.length} recipient{parsed.recipients.length === 1 ? '' : 's'}
        {parsed.duplicates
          ? `, ${parsed.duplicates} duplicate${parsed.duplicates === 1 ? '' : 's'} dropped`
          : ''}
        {fields.length ? ` · placeholders: ${fields.map((f) => `{{${f}}}`).join(', ')}` : ''}.
        Unsubscribed and bounced addresses are left out when it is created.
      </p>
      {submitted && check.rowErrors.length ? (
        <Banner tone="error" title="Fix these rows before anything is sent">
          <ul className={styles.rowErrors} aria-label="Recipient errors">
            {check.rowErrors.slice(0, 10).map((e) => (
              <li key={e}>{e}</li>
            ))}
            {check.rowErrors.length > 10 ? <li>and {check.rowErrors.length - 10} more</li> : null}
          </ul>
        </Banner>
      ) : null}
      <div className={styles.grid}>
        <TextField
          label="Start time (optional)"
          value={values.start_at}
          onChange={(start_at) => set({ start_at })}
          placeholder="2026-12-01T09:00"
          description="Left empty: now."
          errorMessage={shown('start_at')}
        />
        <NumberField
          label="Rate (messages per minute)"
          value={values.rate_per_minute}
          minValue={1}
          maxValue={600}
          onChange={(rate_per_minute) => set({ rate_per_minute })}
          errorMessage={shown('rate_per_minute')}
        />
      </div>
      {props.error ? <Banner key={props.error} tone="error" title={props.error} /> : null}
      <div className={channel.actions}>
        <Button variant="secondary" onClick={() => props.onOpenChange(false)} disabled={props.busy}>
          Cancel
        </Button>
        <Button type="submit" busy={props.busy} busyLabel="Creating...">
          Create Campaign
        </Button>
      </div>
    </form>
  );
}

/**
 * Create Campaign: a from-mailbox, a subject and a body with {{field}} placeholders, recipients
 * pasted or uploaded as CSV (checked here, each problem naming its row, duplicates dropped), a
 * start time and a rate (default 30 a minute).
 */
export function CreateCampaignModal(props: CreateCampaignModalProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Create Campaign"
      description="Nothing is sent until every recipient has every field the mail uses."
      size="lg"
    >
      <CampaignForm {...props} />
    </Dialog>
  );
}

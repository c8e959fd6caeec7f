import Papa from 'papaparse';
import {
  ApiError,
  messageOf,
  campaignDefaultRate,
  emailFormatMessage,
  fillTemplate,
  mailMessages,
  templateFields,
  type CampaignCreateRequest,
} from '@parley/api-client';
import { isEmailAddress } from './emailForms';
import { campaignsPath } from '../api/addresses';

/** One recipient read from the CSV: the address and the other columns by header name. */
export interface CampaignRecipient {
  /** The CSV row it came from (the header is row 1). */
  row: number;
  email: string;
  fields: Record<string, string>;
}

export interface ParsedRecipients {
  recipients: CampaignRecipient[];
  /** Column names besides `email`, in the file's order. */
  columns: string[];
  /** Each problem names its row: 'Row 3: Please enter a valid email address'. */
  errors: string[];
  /** Addresses listed more than once (the later rows dropped). */
  duplicates: number;
}

export const csvMessages = {
  empty: 'Paste or upload recipients (CSV with an email column)',
  noEmailColumn: 'The first row must name the columns, one of them email',
  tooMany: 'At most 100,000 recipients in one campaign',
} as const;

/**
 * Reads pasted or uploaded CSV: a header row with an `email` column (any case); every other
 * column fills the `{{column}}` placeholders. Blank lines are skipped; invalid addresses are
 * named by row; an address listed twice is kept once and counted.
 */
export function parseRecipientsCsv(text: string): ParsedRecipients {
  const result: ParsedRecipients = { recipients: [], columns: [], errors: [], duplicates: 0 };
  if (!text.trim()) {
    result.errors.push(csvMessages.empty);
    return result;
  }
  // Blank rows are skipped below (not by the parser), so a row's number is its line in the file.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''));
  const [header, ...rows] = parsed.data;
  const names = (header ?? []).map((h) => h.trim());
  const emailAt = names.findIndex((h) => h.toLowerCase() === 'email');
  if (emailAt < 0) {
    result.errors.push(csvMessages.noEmailColumn);
    return result;
  }
  result.columns = names.filter((_, i) => i !== emailAt && names[i]);
  const seen = new Set<string>();
  rows.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => !c.trim())) return;
    const email = (cells[emailAt] ?? '').trim();
    if (!email) {
      result.errors.push(`Row ${row}: ${mailMessages.to}`);
      return;
    }
    if (!isEmailAddress(email)) {
      result.errors.push(`Row ${row}: ${emailFormatMessage} (${email})`);
      return;
    }
    const key = email.toLowerCase();
    if (seen.has(key)) {
      result.duplicates += 1;
      return;
    }
    seen.add(key);
    const fields: Record<string, string> = {};
    names.forEach((name, c) => {
      if (c !== emailAt && name) fields[name] = (cells[c] ?? '').trim();
    });
    result.recipients.push({ row, email, fields });
  });
  if (result.recipients.length > 100_000) result.errors.push(csvMessages.tooMany);
  for (const e of parsed.errors.slice(0, 5))
    if (e.row !== undefined) result.errors.push(`Row ${e.row + 1}: ${e.message}`);
  return result;
}

/**
 * Every `{{field}}` of the subject and body must be filled for every recipient before anything
 * is sent: each missing one is named with its row ('Row 4: {{first_name}} is empty').
 */
export function missingFieldErrors(
  subject: string,
  body: string,
  recipients: readonly CampaignRecipient[],
): string[] {
  const template = `${subject}\n${body}`;
  if (!templateFields(template).length) return [];
  const errors: string[] = [];
  for (const r of recipients) {
    const { missing } = fillTemplate(template, { email: r.email, ...r.fields });
    if (missing.length)
      errors.push(
        `Row ${r.row}: ${missing.map((m) => `{{${m}}}`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} empty`,
      );
  }
  return errors;
}

export interface CampaignFormValues {
  name: string;
  from_email: string;
  subject: string;
  body: string;
  csv: string;
  /** datetime-local value ('' = now). */
  start_at: string;
  rate_per_minute: number;
}

export const emptyCampaign: CampaignFormValues = {
  name: '',
  from_email: '',
  subject: '',
  body: '',
  csv: '',
  start_at: '',
  rate_per_minute: campaignDefaultRate,
};

export type CampaignFieldKey = keyof CampaignFormValues;

export interface CampaignCheck {
  errors: Partial<Record<CampaignFieldKey, string>>;
  /** The recipients' problems, each naming its row. */
  rowErrors: string[];
  parsed: ParsedRecipients;
}

/** Everything checked before a campaign is created; `now` is injectable for tests. */
export function checkCampaign(values: CampaignFormValues, now: Date = new Date()): CampaignCheck {
  const errors: CampaignCheck['errors'] = {};
  if (!values.name.trim()) errors.name = 'Campaign name is required';
  if (!values.from_email) errors.from_email = mailMessages.from;
  if (!values.subject.trim()) errors.subject = mailMessages.subject;
  else if (/[\r\n]/.test(values.subject)) errors.subject = 'Subject must be one line';
  if (!values.body.trim()) errors.body = mailMessages.text;
  if (
    !Number.isInteger(values.rate_per_minute) ||
    values.rate_per_minute < 1 ||
    values.rate_per_minute > 600
  )
    errors.rate_per_minute = 'Rate must be from 1 to 600 messages per minute';
  if (values.start_at) {
    const at = new Date(values.start_at);
    if (Number.isNaN(at.getTime())) errors.start_at = 'Start time must be a date and time';
    else if (at.getTime() < now.getTime() - 60_000)
      errors.start_at = 'Start time must be now or in the future';
  }
  const parsed = parseRecipientsCsv(values.csv);
  const rowErrors = [
    ...parsed.errors,
    ...missingFieldErrors(values.subject, values.body, parsed.recipients),
  ];
  if (!parsed.recipients.length && !rowErrors.length) rowErrors.push(csvMessages.empty);
  if (rowErrors.length) errors.csv = rowErrors[0];
  return { errors, rowErrors, parsed };
}

/** POST /mail/campaigns: the CSV as typed (the server reads it the same way and counts what it leaves out). */
export function toCampaignRequest(values: CampaignFormValues): CampaignCreateRequest {
  return {
    name: values.name.trim(),
    from_email: values.from_email,
    subject: values.subject.trim(),
    body: values.body,
    recipients_csv: values.csv,
    ...(values.start_at ? { start_at: new Date(values.start_at).toISOString() } : {}),
    rate_per_minute: values.rate_per_minute,
  };
}

export const campaignsUnavailable = `Campaigns are not available on this server yet (it does not serve ${campaignsPath}).`;

/** A server without the campaign calls says so plainly; other failures keep their reason. */
export const campaignsLoadError = (error: unknown) =>
  error instanceof ApiError && error.status === 404 ? campaignsUnavailable : messageOf(error);

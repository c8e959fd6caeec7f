import {
  mailPresets,
  type Mailbox,
  type MailAutonomy,
  type MailboxRequest,
  type MailPreset,
} from '@parley/api-client';

/** One mail server's fields as the settings form holds them (the port as typed). */
export interface ServerFields {
  host: string;
  port: string;
  secure: boolean;
  username: string;
  /** Blank keeps the stored password (the form shows it masked beside the field). */
  password: string;
}

export interface MailboxFormValues {
  /** Without SMTP the mailbox sends into the sandbox outbox. */
  smtpEnabled: boolean;
  smtp: ServerFields;
  /** Without IMAP, mail arrives at the inbound URL only. */
  imapEnabled: boolean;
  imap: ServerFields & { folder: string };
  autonomy: MailAutonomy;
  /** 'custom', or the preset the host/port/TLS came from. */
  preset: MailPreset | 'custom';
}

export const blankServer: ServerFields = {
  host: '',
  port: '',
  secure: true,
  username: '',
  password: '',
};

/** The form for a mailbox (its stored settings, passwords blank), or a new one. */
export function mailboxFormValues(mailbox?: Mailbox | null): MailboxFormValues {
  const server = (s: { host: string; port: number; secure: boolean; username: string } | null) =>
    s
      ? { host: s.host, port: String(s.port), secure: s.secure, username: s.username, password: '' }
      : blankServer;
  const values: MailboxFormValues = {
    smtpEnabled: Boolean(mailbox?.smtp),
    smtp: server(mailbox?.smtp ?? null),
    imapEnabled: Boolean(mailbox?.imap),
    imap: { ...server(mailbox?.imap ?? null), folder: mailbox?.imap?.folder ?? 'INBOX' },
    autonomy: mailbox?.autonomy ?? 'auto',
    preset: 'custom',
  };
  return { ...values, preset: presetOf(values) };
}

/** Which preset the servers match (host, port and TLS of both), else 'custom'. */
export function presetOf(values: Pick<MailboxFormValues, 'smtp' | 'imap'>): MailPreset | 'custom' {
  for (const [name, p] of Object.entries(mailPresets) as Array<
    [MailPreset, (typeof mailPresets)[MailPreset]]
  >) {
    if (
      values.smtp.host === p.smtp.host &&
      values.smtp.port === String(p.smtp.port) &&
      values.smtp.secure === p.smtp.secure &&
      (!values.imap.host ||
        (values.imap.host === p.imap.host && values.imap.port === String(p.imap.port)))
    )
      return name;
  }
  return 'custom';
}

/**
 * Fills host, port and TLS of both servers from a preset (Gmail, Outlook / Microsoft 365), and
 * the user names from the mailbox address where they are blank; passwords are left as typed.
 */
export function applyPreset(
  values: MailboxFormValues,
  preset: MailPreset | 'custom',
  address: string,
): MailboxFormValues {
  if (preset === 'custom') return { ...values, preset };
  const p = mailPresets[preset];
  return {
    ...values,
    preset,
    smtpEnabled: true,
    imapEnabled: true,
    smtp: {
      ...values.smtp,
      host: p.smtp.host,
      port: String(p.smtp.port),
      secure: p.smtp.secure,
      username: values.smtp.username || address,
    },
    imap: {
      ...values.imap,
      host: p.imap.host,
      port: String(p.imap.port),
      secure: p.imap.secure,
      folder: p.imap.folder,
      username: values.imap.username || address,
    },
  };
}

export type MailboxFieldKey =
  `smtp.${keyof ServerFields}` | `imap.${keyof ServerFields | 'folder'}`;
export type MailboxFormErrors = Partial<Record<MailboxFieldKey, string>>;

const hostPattern = /^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/;

function serverErrors(
  prefix: 'smtp' | 'imap',
  s: ServerFields,
  hasStoredPassword: boolean,
): MailboxFormErrors {
  const errors: MailboxFormErrors = {};
  const host = s.host.trim();
  if (!host) errors[`${prefix}.host`] = 'Host is required';
  else if (!hostPattern.test(host))
    errors[`${prefix}.host`] = 'Host must be a host name or IP address';
  const port = Number(s.port.trim());
  if (!s.port.trim()) errors[`${prefix}.port`] = 'Port is required';
  else if (!Number.isInteger(port) || port < 1 || port > 65535)
    errors[`${prefix}.port`] = 'Port must be a number from 1 to 65535';
  if (!s.username.trim()) errors[`${prefix}.username`] = 'Username is required';
  if (!s.password && !hasStoredPassword) errors[`${prefix}.password`] = 'Password is required';
  return errors;
}

/** The settings form's messages (empty object = valid); only the servers switched on are checked. */
export function validateMailboxForm(
  values: MailboxFormValues,
  stored?: Mailbox | null,
): MailboxFormErrors {
  return {
    ...(values.smtpEnabled
      ? serverErrors('smtp', values.smtp, Boolean(stored?.smtp?.password))
      : {}),
    ...(values.imapEnabled
      ? {
          ...serverErrors('imap', values.imap, Boolean(stored?.imap?.password)),
          ...(values.imap.folder.trim() ? {} : { 'imap.folder': 'Folder is required' }),
        }
      : {}),
  };
}

function serverRequest(s: ServerFields) {
  return {
    host: s.host.trim(),
    port: Number(s.port.trim()),
    secure: s.secure,
    username: s.username.trim(),
    // Left out: the stored password is kept.
    ...(s.password ? { password: s.password } : {}),
  };
}

/** PUT /mail/mailboxes/{email}: null servers switch SMTP (to the outbox) or IMAP off. */
export function toMailboxRequest(values: MailboxFormValues): MailboxRequest {
  return {
    smtp: values.smtpEnabled ? serverRequest(values.smtp) : null,
    imap: values.imapEnabled
      ? { ...serverRequest(values.imap), folder: values.imap.folder.trim() }
      : null,
    autonomy: values.autonomy,
  };
}

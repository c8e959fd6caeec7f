// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mailboxRequestSchema, type Mailbox } from '@parley/api-client';
import {
  applyPreset,
  mailboxFormValues,
  presetOf,
  toMailboxRequest,
  validateMailboxForm,
} from './mailboxForm';

const stored: Mailbox = {
  email_address: 'help@acme.test',
  display_name: null,
  agent_id: 'support_1',
  agent_name: 'support',
  description: null,
  smtp: {
    host: 'smtp.gmail.com',
    port: 465,
    secure: true,
    username: 'help@acme.test',
    password: '••••abcd',
  },
  imap: {
    host: 'imap.gmail.com',
    port: 993,
    secure: true,
    username: 'help@acme.test',
    password: '••••abcd',
    folder: 'INBOX',
    last_checked_at: null,
    last_error: null,
  },
  sending: 'smtp',
  inbound_url: 'http://localhost/webhooks/mail/t',
  autonomy: 'draft',
  drafts_waiting: 0,
  refused: { total: 0, recent: [] },
  last_test: null,
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('mailbox settings presets', () => {
  it('Gmail fills both servers, TLS and the user names from the address', () => {
    const v = applyPreset(mailboxFormValues(null), 'gmail', 'help@acme.test');
    expect(v.smtp).toEqual({
      host: 'smtp.gmail.com',
      port: '465',
      secure: true,
      username: 'help@acme.test',
      password: '',
    });
    expect(v.imap).toMatchObject({
      host: 'imap.gmail.com',
      port: '993',
      secure: true,
      folder: 'INBOX',
    });
    expect(v.smtpEnabled && v.imapEnabled).toBe(true);
    expect(presetOf(v)).toBe('gmail');
  });
  it('Outlook / Microsoft 365 uses STARTTLS on 587 for SMTP and keeps a typed user name', () => {
    const start = {
      ...mailboxFormValues(null),
      smtp: { ...mailboxFormValues(null).smtp, username: 'me@corp.test' },
    };
    const v = applyPreset(start, 'outlook', 'help@acme.test');
    expect(v.smtp).toMatchObject({
      host: 'smtp.office365.com',
      port: '587',
      secure: false,
      username: 'me@corp.test',
    });
    expect(v.imap.host).toBe('outlook.office365.com');
    expect(presetOf(v)).toBe('outlook');
    expect(presetOf({ ...v, smtp: { ...v.smtp, port: '25' } })).toBe('custom');
  });
});

describe('mailbox settings validation and request', () => {
  it('a new mailbox needs host, port, username and password of each server switched on', () => {
    const v = {
      ...mailboxFormValues(null),
      smtpEnabled: true,
      smtp: { host: 'mail example', port: '70000', secure: false, username: '', password: '' },
    };
    expect(validateMailboxForm(v)).toEqual({
      'smtp.host': 'Host must be a host name or IP address',
      'smtp.port': 'Port must be a number from 1 to 65535',
      'smtp.username': 'Username is required',
      'smtp.password': 'Password is required',
    });
    // Both off: the sandbox outbox, nothing to check.
    expect(validateMailboxForm(mailboxFormValues(null))).toEqual({});
  });
  it('a stored mailbox keeps its password when the field is left blank', () => {
    const v = mailboxFormValues(stored);
    expect(v.preset).toBe('gmail');
    expect(v.autonomy).toBe('draft');
    expect(validateMailboxForm(v, stored)).toEqual({});
    const body = toMailboxRequest(v);
    expect(body.smtp).toEqual({
      host: 'smtp.gmail.com',
      port: 465,
      secure: true,
      username: 'help@acme.test',
    });
    expect(mailboxRequestSchema.safeParse(body).success).toBe(true);
  });
  it('switching SMTP off sends null (the outbox); a typed password is sent', () => {
    const v = mailboxFormValues(stored);
    const body = toMailboxRequest({
      ...v,
      smtpEnabled: false,
      imap: { ...v.imap, password: 'app pass' },
    });
    expect(body.smtp).toBeNull();
    expect(body.imap).toMatchObject({ password: 'app pass', folder: 'INBOX', port: 993 });
  });
});

import { describe, expect, it } from 'vitest';
import { toValidationError } from './common';
import {
  campaignCreateRequestSchema,
  mailboxRequestSchema,
  mailMessages,
  mailSendRequestSchema,
  mailTestEmailQuerySchema,
} from './mail';
import { mailSendFailedWords } from './mailStatus';
import { fillTemplate, templateFields } from './mailTemplate';

const errorOf = (r: { success: boolean; error?: Parameters<typeof toValidationError>[0] }) =>
  r.error ? toValidationError(r.error).error : null;

describe('mailSendRequestSchema (the Send Message form for Email)', () => {
  const form = {
    recipient_phone: 'Ann@Example.com',
    receiving_number: 'support@acme.test',
    context: 'Hello',
    message_text: 'Hi Ann',
  };
  it('reads To from recipient_phone, From from receiving_number, the subject from context', () => {
    expect(mailSendRequestSchema.parse(form)).toMatchObject({
      recipient_phone: 'ann@example.com',
      receiving_number: 'support@acme.test',
      context: 'Hello',
      flexible_time_minutes: 0,
      max_retries: 3,
      message_type: 'text',
    });
  });
  it('names the field and the spec text', () => {
    expect(errorOf(mailSendRequestSchema.safeParse({ ...form, recipient_phone: 'ann' }))).toBe(
      `recipient_phone: ${mailMessages.email}`,
    );
    expect(errorOf(mailSendRequestSchema.safeParse({ ...form, context: ' ' }))).toBe(
      'context: Subject is required',
    );
    expect(errorOf(mailSendRequestSchema.safeParse({ ...form, message_text: '' }))).toBe(
      'message_text: Message text is required',
    );
    expect(errorOf(mailSendRequestSchema.safeParse({ ...form, context: 'a\r\nBcc: x@y.z' }))).toBe(
      'context: must be one line',
    );
  });
  it('send-test-email query needs a valid From', () => {
    expect(
      errorOf(
        mailTestEmailQuerySchema.safeParse({
          to_email: 'a@b.co',
          subject: 's',
          message: 'm',
          from_email: 'nope',
        }),
      ),
    ).toBe(`from_email: ${mailMessages.email}`);
  });
});

describe('mailboxRequestSchema', () => {
  it('names a bad port inside smtp', () => {
    expect(
      errorOf(
        mailboxRequestSchema.safeParse({
          smtp: { host: 'smtp.acme.test', port: 70000, secure: true, username: 'u' },
        }),
      ),
    ).toBe('smtp.port: must be a number from 1 to 65535');
  });
  it('defaults the IMAP folder to INBOX', () => {
    const r = mailboxRequestSchema.parse({
      imap: { host: 'imap.acme.test', port: 993, secure: true, username: 'u', password: 'p' },
    });
    expect(r.imap?.folder).toBe('INBOX');
  });
});

describe('templates', () => {
  it('lists and fills {{field}} placeholders, naming the missing ones', () => {
    expect(templateFields('Hi {{ name }}, {{company}} and {{name}}')).toEqual(['name', 'company']);
    expect(fillTemplate('Hi {{name}} of {{company}}', { name: 'Ann' })).toEqual({
      text: 'Hi Ann of ',
      missing: ['company'],
    });
  });
  it('a campaign needs recipients', () => {
    expect(
      errorOf(
        campaignCreateRequestSchema.safeParse({
          name: 'n',
          from_email: 'a@b.co',
          subject: 's',
          body: 'b',
        }),
      ),
    ).toBe('recipients_csv: paste or upload recipients (CSV with an email column)');
  });
});

describe('a failed send names its provider', () => {
  it('Gmail in the spec’s words, Microsoft 365 as Outlook, else the SMTP host', () => {
    expect(mailSendFailedWords('smtp.gmail.com')).toBe('Failed to send Gmail message');
    expect(mailSendFailedWords('smtp.office365.com')).toBe('Failed to send Outlook message');
    expect(mailSendFailedWords('smtp.fastmail.com')).toBe(
      'Failed to send email through smtp.fastmail.com',
    );
    expect(mailSendFailedWords(null)).toBe('Failed to send email');
  });
});

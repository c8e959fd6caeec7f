// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { campaignCreateRequestSchema } from '@parley/api-client';
import {
  checkCampaign,
  emptyCampaign,
  missingFieldErrors,
  parseRecipientsCsv,
  toCampaignRequest,
} from './campaignForm';

describe('recipients CSV', () => {
  it('reads the email column (any case) and the other columns as fields; quotes and blank lines', () => {
    const r = parseRecipientsCsv(
      'first_name,Email,company\nAda,ada@example.com,"Acme, Inc."\n\nGrace,grace@example.com,Navy\n',
    );
    expect(r.errors).toEqual([]);
    expect(r.columns).toEqual(['first_name', 'company']);
    expect(r.recipients).toEqual([
      { row: 2, email: 'ada@example.com', fields: { first_name: 'Ada', company: 'Acme, Inc.' } },
      { row: 4, email: 'grace@example.com', fields: { first_name: 'Grace', company: 'Navy' } },
    ]);
  });
  it('names the row of each invalid address and drops duplicates (counted)', () => {
    const r = parseRecipientsCsv(
      'email,name\nada@example.com,Ada\nnot-an-address,X\nADA@example.com,A\n,Bob\n',
    );
    expect(r.recipients.map((x) => x.email)).toEqual(['ada@example.com']);
    expect(r.duplicates).toBe(1);
    expect(r.errors).toEqual([
      'Row 3: Please enter a valid email address (not-an-address)',
      'Row 5: To email is required',
    ]);
  });
  it('refuses a file without an email column, and nothing at all', () => {
    expect(parseRecipientsCsv('name\nAda').errors).toEqual([
      'The first row must name the columns, one of them email',
    ]);
    expect(parseRecipientsCsv('  ').errors).toEqual([
      'Paste or upload recipients (CSV with an email column)',
    ]);
  });
});

describe('placeholders', () => {
  it('a {{field}} missing or empty for a recipient is named with its row', () => {
    const { recipients } = parseRecipientsCsv(
      'email,first_name\nada@example.com,Ada\ngrace@example.com,\n',
    );
    expect(
      missingFieldErrors('Hi {{first_name}}', 'Dear {{first_name}} at {{company}}', recipients),
    ).toEqual(['Row 2: {{company}} is empty', 'Row 3: {{first_name}}, {{company}} are empty']);
    expect(missingFieldErrors('Hello', 'No fields', recipients)).toEqual([]);
  });
});

describe('a campaign as created', () => {
  const now = new Date('2026-11-26T01:00:00Z');
  const good = {
    ...emptyCampaign,
    name: 'Launch',
    from_email: 'help@acme.test',
    subject: 'Hi {{first_name}}',
    body: 'We launched.',
    csv: 'email,first_name\nada@example.com,Ada\n',
  };
  it('the default rate is 30 a minute and a valid campaign has no errors', () => {
    expect(emptyCampaign.rate_per_minute).toBe(30);
    const check = checkCampaign(good, now);
    expect(check.errors).toEqual({});
    const body = toCampaignRequest(good);
    expect(body).toMatchObject({ rate_per_minute: 30, recipients_csv: good.csv });
    expect(campaignCreateRequestSchema.safeParse(body).success).toBe(true);
  });
  it('names the first problem on the CSV field and lists every row', () => {
    const check = checkCampaign(
      {
        ...good,
        csv: 'email,first_name\nada@example.com,\nbad,Bob\n',
        rate_per_minute: 0,
        start_at: '2026-11-25T10:00',
      },
      now,
    );
    expect(check.errors.rate_per_minute).toBe('Rate must be from 1 to 600 messages per minute');
    expect(check.errors.start_at).toBe('Start time must be now or in the future');
    expect(check.rowErrors).toEqual([
      'Row 3: Please enter a valid email address (bad)',
      'Row 2: {{first_name}} is empty',
    ]);
    expect(check.errors.csv).toBe('Row 3: Please enter a valid email address (bad)');
  });
});

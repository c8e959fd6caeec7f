import { describe, expect, it } from 'vitest';
import { redact } from './redact';
import { isSsn } from './detectors';
import { digitRuns, segments } from './scan';

const us = { region: 'US' as const };

/** Each line: what a person typed and what is stored (true positives). */
const positives: Array<[string, string]> = [
  // Cards: a brand's range and Luhn, written together, in groups of 4, with hyphens.
  ['My card is 4111 1111 1111 1111, exp 12/27', 'My card is [CARD], exp 12/27'],
  ['card 4111111111111111 cvv 123', 'card [CARD] cvv 123'],
  ['mc 5555-5555-5555-4444 please', 'mc [CARD] please'],
  ['amex 3782 822463 10005', 'amex [CARD]'],
  ['number: 6011111111111117.', 'number: [CARD].'],
  // Phones: national format with the organization's country, international with +.
  ['call me at (415) 555-2671 tomorrow', 'call me at [PHONE] tomorrow'],
  ['my number is 415.555.2671', 'my number is [PHONE]'],
  ['or +44 20 7946 0958 in London', 'or [PHONE] in London'],
  ['WhatsApp +49 1512 3456789', 'WhatsApp [PHONE]'],
  // E-mail addresses (a sentence's full stop is not part of them).
  ['mail me: jane.doe@example.com.', 'mail me: [EMAIL].'],
  ['<J.Smith+orders@mail.example.co.uk>', '<[EMAIL]>'],
  // IBANs (print format with spaces, electronic format), by their checksum.
  ['IBAN DE89 3704 0044 0532 0130 00 thanks', 'IBAN [IBAN] thanks'],
  ['iban: GB82WEST12345698765432', 'iban: [IBAN]'],
  ['pay to fr14 2004 1010 0505 0001 3m02 606', 'pay to [IBAN]'],
  // US Social Security numbers.
  ['SSN 123-45-6789', 'SSN [SSN]'],
  ['my social security number is 123456789', 'my social security number is [SSN]'],
  ['ssn: 536 22 1434', 'ssn: [SSN]'],
  // IP addresses.
  ['logged in from 192.168.1.20.', 'logged in from [IP].'],
  ['v6 2001:db8::8a2e:370:7334 and fe80::1', 'v6 [IP] and [IP]'],
  // Several in one message.
  [
    'Card 4242 4242 4242 4242, phone (212) 555-0123, mail a.b@example.org',
    'Card [CARD], phone [PHONE], mail [EMAIL]',
  ],
];

/** Texts that look like personal data and are not (false positives): stored as they are. */
const negatives: string[] = [
  // Order numbers and references.
  'Order #100234 is on its way',
  'Your order number is 4111111111111112', // 16 digits in Visa's range, fails Luhn
  'Reference ORD-2024-000123',
  'Invoice 2024/00017 for account 77812',
  'Order 1234 5678 9012 3456 was cancelled', // grouped like a card, no brand's range
  // Dates and times, timestamps.
  'Delivered 2024-05-12 10:30:00 UTC',
  'Meeting at 10:30:45 on 12/05/2024',
  'epoch 1718123456789 and 1718123456',
  'ISO 2024-05-12T10:30:00.000Z',
  // Prices and quantities.
  'Total $1,299.99 (incl. 19% VAT 207.48)',
  'It costs 4,111.11 EUR or 1 234 567,89 CHF',
  // Versions and build numbers.
  'Upgrade to version 1.2.3.4 today',
  'Running v10.0.19041.1 and node 20.20.0',
  'firmware 2.4.10.3',
  // Tracking numbers.
  'Tracking 1Z999AA10123456784 (UPS)',
  'USPS 9400 1000 0000 0000 0000 00',
  'FedEx 7489 2345 6789',
  // Things shaped like an IBAN, an SSN, an address or an IP that fail their rules.
  'IBAN DE00 3704 0044 0532 0130 00 (bad check digits)',
  'SSN 000-12-3456 and 666-12-3456 and 912-34-5678',
  'code 123-45-6789-01',
  'std::vector<int> and a::b',
  'at 10:30:45 then 12:00::',
  'user@localhost or @mention or foo@bar',
  '999.999.999.999',
  // Short numbers.
  'Room 415, floor 5, 555 steps',
];

describe('redaction', () => {
  it.each(positives)('replaces personal data in %j', (input, stored) => {
    expect(redact(input, us).text).toBe(stored);
  });

  it.each(negatives)('leaves %j as it is', (input) => {
    expect(redact(input, us).text).toBe(input);
  });

  it('counts what it replaced, by category', () => {
    expect(redact('4111111111111111 and 4242424242424242, x@example.com', us).counts).toEqual({
      card: 2,
      email: 1,
    });
  });

  it('replaces only the categories asked for', () => {
    const text = 'card 4111 1111 1111 1111, mail x@example.com';
    expect(redact(text, { ...us, categories: ['email'] }).text).toBe(
      'card 4111 1111 1111 1111, mail [EMAIL]',
    );
    expect(redact(text, { ...us, categories: [] }).text).toBe(text);
  });

  it('reads national phone numbers only with a region; +numbers always', () => {
    expect(redact('call (415) 555-2671', { region: null }).text).toBe('call (415) 555-2671');
    expect(redact('call +1 415 555 2671', { region: null }).text).toBe('call [PHONE]');
    expect(redact('ruf 030 12345678 an', { region: 'DE' }).text).toBe('ruf [PHONE] an');
  });

  it('keeps the stricter category where two overlap (a card is not a phone number)', () => {
    expect(redact('4111 1111 1111 1111', us).text).toBe('[CARD]');
    expect(redact('123-45-6789', us).text).toBe('[SSN]');
  });

  it('finds a phone number past the phone finder’s segment size', () => {
    const long = `${'word '.repeat(1000)}call (415) 555-2671 now ${'word '.repeat(1000)}`;
    expect(redact(long, us).text).toContain('call [PHONE] now');
  });

  it('handles long adversarial input (its time per character is in the redaction bench)', () => {
    // Inputs that make backtracking patterns explode: long runs of digits and separators, '@'s,
    // letter-digit pairs that start IBAN candidates, colons.
    for (const unit of ['1 ', '1-', 'a@', 'DE89 ', '1.', 'a:', '4111 ']) {
      const big = unit.repeat(20_000);
      expect(redact(big, us).text.length).toBeGreaterThan(0);
    }
  });
});

describe('detector rules', () => {
  it('knows the SSN structure', () => {
    expect(isSsn('123456789')).toBe(true);
    for (const bad of [
      '000123456',
      '666123456',
      '900123456',
      '123006789',
      '123450000',
      '078051120',
    ])
      expect(isSsn(bad), bad).toBe(false);
  });

  it('reads digit groups standing alone', () => {
    const text = 'a 4111 1111-1111 x1234 5,5 and 7';
    expect(digitRuns(text).map((r) => text.slice(r.start, r.end))).toEqual(['4111 1111-1111', '7']);
  });

  it('cuts long text on spaces between words', () => {
    const text = 'aaaa 1111 2222 bbbb cccc';
    const cut = segments(text, 12).map((s) => text.slice(s.start, s.end));
    expect(cut.join('')).toBe(text);
    expect(cut.every((s) => s.length <= 12)).toBe(true);
    expect(cut.some((s) => s.includes('1111 2222'))).toBe(true);
  });
});

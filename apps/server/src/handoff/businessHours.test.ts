// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { businessHoursSchema, defaultBusinessHours, type BusinessHours } from '@parley/api-client';
import { isOpenAt, localMoment } from './businessHours';
import { whisperText } from './transfer';
import { lastMessagesSummary } from './summary';
import { dialTwiml, whisperTwiml } from '../telephony/twiml';

const newYork: BusinessHours = businessHoursSchema.parse({
  time_zone: 'America/New_York',
  days: {
    mon: [
      ['09:00', '12:00'],
      ['13:00', '17:30'],
    ],
    sat: [['10:00', '24:00']],
  },
  holidays: ['2026-11-26'],
});

describe('business hours', () => {
  it('reads the local weekday, date and time of a moment in a zone (DST included)', () => {
    // 2026-03-09 is the Monday after the US switched to daylight time (UTC−4).
    expect(localMoment(new Date('2026-03-09T13:30:00Z'), 'America/New_York')).toEqual({
      weekday: 'mon',
      date: '2026-03-09',
      minutes: 9 * 60 + 30,
    });
    // The same UTC time a week earlier is 08:30 (UTC−5).
    expect(localMoment(new Date('2026-03-02T13:30:00Z'), 'America/New_York').minutes).toBe(510);
    // Across midnight: Sunday 23:30 UTC is Monday 08:30 in Tokyo.
    expect(localMoment(new Date('2026-03-08T23:30:00Z'), 'Asia/Tokyo')).toMatchObject({
      weekday: 'mon',
      date: '2026-03-09',
    });
  });

  it('is open inside a range (from included, to excluded), closed between ranges, on days off and holidays', () => {
    const at = (iso: string) => isOpenAt(newYork, new Date(iso));
    expect(at('2026-03-09T13:00:00Z')).toBe(true); // Mon 09:00
    expect(at('2026-03-09T12:59:00Z')).toBe(false); // Mon 08:59
    expect(at('2026-03-09T16:30:00Z')).toBe(false); // Mon 12:30, lunch
    expect(at('2026-03-09T21:29:00Z')).toBe(true); // Mon 17:29
    expect(at('2026-03-09T21:30:00Z')).toBe(false); // Mon 17:30
    expect(at('2026-03-10T15:00:00Z')).toBe(false); // Tue: no ranges
    expect(at('2026-03-15T03:59:00Z')).toBe(true); // Sat 23:59 (until 24:00)
    expect(at('2026-11-23T15:00:00Z')).toBe(true); // Mon 10:00
    expect(at('2026-11-28T15:00:00Z')).toBe(true); // Sat
    expect(
      isOpenAt(
        { ...newYork, days: { ...newYork.days, thu: [['00:00', '24:00']] } },
        new Date('2026-11-26T15:00:00Z'),
      ),
    ).toBe(false); // Thanksgiving
  });

  it('an organization without hours is open at any time', () => {
    expect(isOpenAt(defaultBusinessHours, new Date('2026-01-01T03:00:00Z'))).toBe(true);
  });
});

describe('handoff words', () => {
  it('the whisper is one line: the model summary’s first sentence when ready, else the reason', () => {
    expect(
      whisperText({
        reason: 'Billing question',
        summary: 'ignored',
        summarySource: 'last_messages',
      }),
    ).toBe('Parley: a caller needs a person. Billing question.');
    expect(
      whisperText({
        reason: 'x',
        summary: 'Wants to move a surgery to Friday. Nothing booked.',
        summarySource: 'model',
      }),
    ).toBe('Parley: a caller needs a person. Wants to move a surgery to Friday.');
    expect(
      whisperText({ reason: 'y'.repeat(400), summary: '', summarySource: 'last_messages' }).length,
    ).toBe(200);
  });

  it('without a model the summary is the last messages, bounded', () => {
    const lines = Array.from({ length: 10 }, (_, i) => ({
      author: i % 2 ? 'agent' : 'visitor',
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i} ${'word '.repeat(60)}`,
    }));
    const summary = lastMessagesSummary(lines);
    expect(summary.split('\n')).toHaveLength(4);
    expect(summary.startsWith('Visitor: message 6')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(600);
    expect(lastMessagesSummary([])).toBe('No messages yet.');
  });
});

describe('the whisper with Twilio', () => {
  it('the member hears the line from a <Number url> before the caller is bridged', () => {
    const url = 'https://parley.example.com/webhooks/twilio/whisper/abc';
    expect(dialTwiml('+14155550142', '+15005550006', url)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="+15005550006"><Number url="${url}" method="POST">+14155550142</Number></Dial></Response>`,
    );
    // Without a whisper (transfer_call, or no PUBLIC_URL): the plain <Dial> as before.
    expect(dialTwiml('+14155550142', '+15005550006')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="+15005550006">+14155550142</Dial></Response>',
    );
    expect(whisperTwiml('Parley: a caller needs a person. Billing.')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Parley: a caller needs a person. Billing.</Say></Response>',
    );
    expect(whisperTwiml(null)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
});

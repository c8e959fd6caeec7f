import { describe, expect, it } from 'vitest';
import { sendLimitText } from './sendLimitText';

const sms = { channel: 'sms' as const, per_minute: 60, per_day: 1000 };

describe('sendLimitText', () => {
  it('names the limit and the usage', () => {
    expect(sendLimitText({ ...sms, sent_last_minute: 3, sent_last_day: 1200 - 1188 })).toEqual({
      limit: 'Sending limit: 60 SMS messages a minute, 1,000 a day for this organization.',
      usage: 'Sent: 3 in the last minute, 12 in the last day.',
      reached: null,
    });
  });
  it('says which limit is reached (the day first)', () => {
    expect(sendLimitText({ ...sms, sent_last_minute: 60, sent_last_day: 70 }).reached).toBe(
      'Sending limit reached: 60 SMS messages per minute. Try again in a minute.',
    );
    expect(
      sendLimitText({ ...sms, channel: 'whatsapp', sent_last_minute: 60, sent_last_day: 1000 })
        .reached,
    ).toMatch(/^Sending limit reached: 1,000 WhatsApp messages per day\./);
  });
});

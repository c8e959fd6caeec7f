// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canSubmitSms,
  canSubmitWhatsapp,
  summaryOf,
  validateSmsSend,
  validateWhatsappSend,
} from './sendForm';

const sms = {
  from_number: '+14155550100',
  to_number: '+15005550006',
  message_text: 'Hi',
  context: '',
};
const wa = {
  to_number: '+15005550006',
  message_text: 'Hi',
  message_type: 'text' as const,
  receiving_number: '',
  context: '',
};

describe('SMS send validation (§5)', () => {
  it('given valid fields › no errors, no summary', () => {
    expect(validateSmsSend(sms)).toEqual({});
    expect(summaryOf(validateSmsSend(sms))).toBeNull();
  });
  it('given empty fields › each required message', () => {
    const errors = validateSmsSend({ ...sms, from_number: ' ', to_number: '', message_text: '' });
    expect(errors).toEqual({
      from_number: 'From number is required',
      to_number: 'To number is required',
      message_text: 'Message text is required',
    });
    expect(summaryOf(errors)).toBe('Please fix the validation errors below.');
  });
  it('given numbers outside the international format › the format message', () => {
    for (const bad of ['14155550100', '+04155550100', '+1', '+1234567890123456']) {
      expect(validateSmsSend({ ...sms, to_number: bad }).to_number).toBe(
        'Please enter a valid phone number (e.g., +1234567890)',
      );
    }
    expect(validateSmsSend({ ...sms, to_number: '+123456789012345' })).toEqual({});
  });
  it('submit is disabled until the three fields are filled', () => {
    expect(canSubmitSms(sms)).toBe(true);
    expect(canSubmitSms({ ...sms, message_text: '  ' })).toBe(false);
    expect(canSubmitSms({ ...sms, from_number: '' })).toBe(false);
  });
});

describe('WhatsApp send validation (§5)', () => {
  it('given a missing recipient › the recipient message', () => {
    expect(validateWhatsappSend({ ...wa, to_number: '' })).toEqual({
      to_number: 'Recipient phone number is required',
    });
  });
  it('receiving number and context are optional, but a receiving number must be valid', () => {
    expect(validateWhatsappSend(wa)).toEqual({});
    expect(validateWhatsappSend({ ...wa, receiving_number: '555' }).receiving_number).toBe(
      'Please enter a valid phone number (e.g., +1234567890)',
    );
    expect(canSubmitWhatsapp({ ...wa, message_text: '' })).toBe(false);
  });
});

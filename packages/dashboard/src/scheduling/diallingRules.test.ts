// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  describeWindow,
  diallingMessages,
  halfHours,
  validateDialling,
  validateDoNotCallNumber,
  windowChoices,
} from './diallingRules';

const form = {
  calling_window_start: '08:00',
  calling_window_end: '21:00',
  max_concurrent_calls: 5,
};

describe('dialling rules', () => {
  it('offers every half hour; 24:00 only as an end; an odd stored time is kept', () => {
    expect(halfHours).toHaveLength(49);
    expect(windowChoices('start', '08:00').map((c) => c.value)).not.toContain('24:00');
    expect(windowChoices('end', '21:00').map((c) => c.value)).not.toContain('00:00');
    const odd = windowChoices('start', '08:15').map((c) => c.value);
    expect(odd.indexOf('08:15')).toBe(odd.indexOf('08:00') + 1);
  });
  it('describes the window', () => {
    expect(describeWindow(form)).toBe('08:00–21:00');
    expect(describeWindow({ calling_window_start: '00:00', calling_window_end: '24:00' })).toBe(
      'Any time',
    );
    expect(describeWindow({ calling_window_start: '22:00', calling_window_end: '06:00' })).toBe(
      '22:00–06:00 (overnight)',
    );
  });
  it('refuses a window that never opens and a cap outside 1–100', () => {
    expect(validateDialling(form)).toEqual({});
    expect(validateDialling({ ...form, calling_window_end: '08:00' })).toEqual({
      calling_window_end: diallingMessages.sameTimes,
    });
    expect(validateDialling({ ...form, max_concurrent_calls: 0 }).max_concurrent_calls).toBe(
      diallingMessages.cap,
    );
    expect(validateDialling({ ...form, max_concurrent_calls: 101 }).max_concurrent_calls).toBe(
      diallingMessages.cap,
    );
  });
  it('takes an E.164 number for the do-not-call list', () => {
    expect(validateDoNotCallNumber(' +14155550100 ')).toBeNull();
    expect(validateDoNotCallNumber('4155550100')).toBe(
      'Please enter a valid phone number (e.g., +1234567890)',
    );
  });
});

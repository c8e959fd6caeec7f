// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '@parley/api-client';
import {
  errorsFromIssues,
  fieldOfError,
  rangeError,
  toForm,
  toRequest,
  validateForm,
  withRange,
  withRangeValue,
  withoutRange,
} from './businessHoursForm';

describe('the business hours form', () => {
  it('round-trips the wire form; an unfilled holiday is left out', () => {
    const form = toForm(defaultBusinessHours);
    expect(form.days.mon).toEqual([{ from: '00:00', to: '24:00' }]);
    expect(toRequest({ ...form, holidays: ['2026-12-25', ''] })).toEqual({
      ...defaultBusinessHours,
      holidays: ['2026-12-25'],
    });
  });

  it('adds, changes and removes ranges', () => {
    let form = toForm(defaultBusinessHours);
    form = withoutRange(form, 'mon', 0);
    expect(form.days.mon).toEqual([]);
    form = withRange(form, 'mon');
    expect(form.days.mon).toEqual([{ from: '09:00', to: '17:00' }]);
    form = withRange(form, 'mon');
    expect(form.days.mon[1]).toEqual({ from: '17:00', to: '23:00' });
    form = withRangeValue(form, 'mon', 1, { from: '18:00' });
    expect(form.days.mon[1]).toEqual({ from: '18:00', to: '23:00' });
    expect(validateForm(form)).toEqual({});
  });

  it('names each error at its field, as the server does', () => {
    const form = toForm(defaultBusinessHours);
    const errors = validateForm({
      ...form,
      timeZone: 'Mars/Base',
      days: {
        ...form.days,
        tue: [{ from: '17:00', to: '09:00' }],
        wed: [{ from: '09:00', to: '' }],
      },
      holidays: ['2026-02-31'],
      outOfHoursMessage: '',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'days.tue.0',
      'days.wed.0.1',
      'holidays.0',
      'out_of_hours_message',
      'time_zone',
    ]);
    expect(rangeError(errors, 'tue', 0)).toBe('must end after it starts');
    expect(rangeError(errors, 'wed', 0)).toMatch(/must be a time/);
    expect(rangeError(errors, 'mon', 0)).toBeUndefined();
    expect(
      errorsFromIssues([
        { field: 'a', message: 'one' },
        { field: 'a', message: 'two' },
      ]),
    ).toEqual({ a: 'one' });
    expect(fieldOfError('days.mon.0: must end after it starts')).toEqual({
      field: 'days.mon.0',
      message: 'must end after it starts',
    });
    expect(fieldOfError('Only an owner or admin can change business hours')).toBeNull();
  });
});

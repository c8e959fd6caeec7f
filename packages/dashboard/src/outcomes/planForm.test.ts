import { describe, expect, it } from 'vitest';
import { ApiError, emptyOutcomePlan } from '@parley/api-client';
import { bookingPlan } from './outcomeFixtures';
import {
  canAddField,
  emptyFieldForm,
  errorPathLabel,
  formFromPlan,
  planFromForm,
  planSaveStatus,
  sameAsPlan,
  serverPlanErrors,
} from './planForm';

describe('the outcome plan form', () => {
  it('given a stored plan › reads back into the same plan (nothing to save)', () => {
    const form = formFromPlan(bookingPlan);
    expect(form.tags).toBe('booking, complaint, callback');
    expect(form.fields[2]!.choices).toBe('booking\nrefund\nother');
    expect(planFromForm(form)).toEqual({ ok: true, plan: bookingPlan });
    expect(sameAsPlan(form, bookingPlan)).toBe(true);
    expect(sameAsPlan({ ...form, summary: false }, bookingPlan)).toBe(false);
  });

  it('given no success evaluation › sends null and no criteria', () => {
    const form = { ...formFromPlan(bookingPlan), successType: 'none' as const };
    const checked = planFromForm(form);
    expect(checked.ok && checked.plan).toMatchObject({ success_type: null, success_criteria: '' });
  });

  it('given bad input › names each field with its reason, by the wire path', () => {
    const form = formFromPlan({ ...emptyOutcomePlan, success_type: 'pass_fail' });
    form.fields = [
      { ...emptyFieldForm(), name: 'Order Number' },
      { ...emptyFieldForm(), name: 'x', type: 'enum' },
    ];
    form.tags = 'refund, Refund';
    const checked = planFromForm(form);
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? {} : checked.errors;
    expect(Object.keys(errors).sort()).toEqual(
      ['fields.0.name', 'fields.1.enum', 'success_criteria', 'tags.1'].sort(),
    );
    expect(errorPathLabel('fields.0.name')).toBe('Field 1 name');
    expect(errorPathLabel('fields.1.enum')).toBe('Field 2 choices');
    expect(errorPathLabel('success_criteria')).toBe('What success means');
    expect(errorPathLabel('tags.1')).toBe('Tags');
  });

  it('caps the fields at 20', () => {
    const form = formFromPlan(emptyOutcomePlan);
    form.fields = Array.from({ length: 19 }, () => emptyFieldForm());
    expect(canAddField(form)).toBe(true);
    form.fields.push(emptyFieldForm());
    expect(canAddField(form)).toBe(false);
  });

  it("reads the server's refusal by field", () => {
    const error = new ApiError('fields.0.name: bad', 400, {
      error: 'fields.0.name: bad',
      issues: [{ field: 'fields.0.name', message: 'bad' }],
    });
    expect(serverPlanErrors(error)).toEqual({ 'fields.0.name': 'bad' });
    expect(serverPlanErrors(new Error('network'))).toEqual({});
  });

  it('says where the autosave stands, a blocked field first', () => {
    const base = { errors: {}, saving: false, dirty: false, saved: false, failure: null };
    expect(planSaveStatus(base).text).toBe('Ready');
    expect(planSaveStatus({ ...base, dirty: true }).text).toBe('Unsaved changes');
    expect(planSaveStatus({ ...base, saving: true }).text).toBe('Auto-saving...');
    expect(planSaveStatus({ ...base, saved: true }).text).toBe('All changes saved to the draft');
    expect(planSaveStatus({ ...base, failure: 'offline' }).text).toBe('Save failed: offline');
    expect(
      planSaveStatus({ ...base, saving: true, errors: { 'fields.0.name': 'is required' } }),
    ).toEqual({ state: 'blocked', text: 'Not saved: Field 1 name: is required' });
  });
});

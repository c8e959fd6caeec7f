import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldValueText, outcomeByline, outcomeHeadline } from './outcomeFormat';
import {
  checklistOutcome,
  doneOutcome,
  failedOutcome,
  scoreOutcome,
  skippedOutcome,
} from './outcomeFixtures';

describe('an outcome in words', () => {
  it('headlines each status and success type', () => {
    expect(outcomeHeadline(doneOutcome)).toEqual({ text: 'Success', tone: 'success' });
    expect(outcomeHeadline(scoreOutcome)).toEqual({ text: 'Score 4/10', tone: 'danger' });
    expect(outcomeHeadline(checklistOutcome).text).toBe('Not a success');
    expect(outcomeHeadline(skippedOutcome).text).toBe('Not analysed');
    expect(outcomeHeadline(failedOutcome).text).toBe('Outcome failed');
    expect(outcomeHeadline({ ...doneOutcome, success: null }).text).toBe('Analysed');
  });

  it('reads values and names', () => {
    expect(fieldValueText(true)).toBe('Yes');
    expect(fieldValueText(null)).toBe('—');
    expect(fieldValueText(4)).toBe('4');
    expect(fieldLabel('party_size')).toBe('Party size');
    expect(outcomeByline(doneOutcome, { timeZone: 'UTC', locale: 'en-GB' })).toMatch(
      /^Version 2 · 28 Nov/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { dialogPhoneNumber, friendlyPhoneNumber, withoutPlus } from './phoneFormat';

describe('number formats (§9)', () => {
  it.each([
    ['+14155550100', '+1 415 555 0100', '(415) 555-0100'],
    ['4155550100', '+1 415 555 0100', '(415) 555-0100'],
    ['14155550100', '+1 415 555 0100', '(415) 555-0100'],
    ['(415) 555-0100', '+1 415 555 0100', '(415) 555-0100'],
    ['+442071838750', '+442071838750', '+442071838750'],
    ['24155550100', '24155550100', '24155550100'],
    ['555-0100', '555-0100', '555-0100'],
  ])('%s → dialog %s, friendly %s', (input, dialog, friendly) => {
    expect(dialogPhoneNumber(input)).toBe(dialog);
    expect(friendlyPhoneNumber(input)).toBe(friendly);
  });

  it('strips only a leading plus', () => {
    expect(withoutPlus('+14155550100')).toBe('14155550100');
    expect(withoutPlus('14155+50100')).toBe('14155+50100');
  });
});

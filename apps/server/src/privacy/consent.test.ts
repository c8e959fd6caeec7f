import { describe, expect, it } from 'vitest';
import { consentAgainLine, consentGivenLine, consentRefusedLine } from '@parley/api-client';
import { consentAnswer, consentStateOf, nextConsent } from './consent';

describe('the caller’s answer to “May this call be transcribed?”', () => {
  it.each([
    ['Yes, that’s fine.', 'yes'],
    ['sure', 'yes'],
    ['No problem at all', 'yes'],
    ["I don't mind", 'yes'],
    ['Why not.', 'yes'],
    ['No.', 'no'],
    ['Nope, please don’t.', 'no'],
    ['yes... actually no', 'no'],
    ['I would rather not', 'no'],
    ['What was the question?', 'unclear'],
    ['', 'unclear'],
  ] as const)('%j → %s', (words, answer) => {
    expect(consentAnswer(words)).toBe(answer);
  });

  it('yes is given; no is refused; unclear is asked once more, then taken as a refusal', () => {
    expect(nextConsent('yes', 1)).toEqual({ state: 'given', line: consentGivenLine, asks: 1 });
    expect(nextConsent('no', 1)).toEqual({ state: 'refused', line: consentRefusedLine, asks: 1 });
    expect(nextConsent('unclear', 1)).toEqual({ state: 'asked', line: consentAgainLine, asks: 2 });
    expect(nextConsent('unclear', 2)).toEqual({
      state: 'refused',
      line: consentRefusedLine,
      asks: 2,
    });
  });

  it('the state kept on the conversation: known values only', () => {
    expect(consentStateOf({ transcription_consent: 'refused' })).toBe('refused');
    expect(consentStateOf({ transcription_consent: 'maybe' })).toBeNull();
    expect(consentStateOf(null)).toBeNull();
  });
});

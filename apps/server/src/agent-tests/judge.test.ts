import { describe, expect, it } from 'vitest';
import { parseVerdict } from './judge';

describe('parseVerdict', () => {
  it('reads the JSON verdict, also wrapped in prose or a code fence', () => {
    expect(parseVerdict('{"passed": true, "reasoning": "It names the hours."}')).toEqual({
      passed: true,
      reasoning: 'It names the hours.',
    });
    expect(
      parseVerdict('Sure!\n```json\n{"passed": false, "reasoning": "No price."}\n```'),
    ).toEqual({ passed: false, reasoning: 'No price.' });
  });
  it('a loose "passed: false" still counts; anything else is unreadable', () => {
    expect(parseVerdict('passed: false because it is rude')?.passed).toBe(false);
    expect(parseVerdict('I think it is fine')).toBeNull();
  });
});

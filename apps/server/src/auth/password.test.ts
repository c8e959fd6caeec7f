import { describe, expect, it } from 'vitest';
import { passwordMessages, passwordProblem } from './password';

describe('passwordProblem', () => {
  it.each(['password123', 'qwertyuiop', 'iloveyou2', 'letmein!', 'P@ssw0rd2024', 'summer2024'])(
    'refuses the common or breached %s',
    (pw) => {
      expect(passwordProblem(pw, 'ada@example.com')).toBe(passwordMessages.weak);
    },
  );
  it('refuses the e-mail itself or its name part', () => {
    expect(passwordProblem('ada.lovelace@example.com', 'ada.lovelace@example.com')).toBe(
      passwordMessages.email,
    );
    expect(passwordProblem('AdaLovelace99', 'ada.lovelace@example.com')).toBe(
      passwordMessages.email,
    );
  });
  it('accepts a phrase of unrelated words', () => {
    expect(passwordProblem('correct-horse-battery', 'ada@example.com')).toBeNull();
    expect(passwordProblem('x9$Lq2!vTz', 'ada@example.com')).toBeNull();
  });
});

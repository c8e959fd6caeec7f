import { describe, expect, it } from 'vitest';
import { compileWrittenPattern, writtenPatternProblem } from './patterns';

describe('tenant patterns run in linear time', () => {
  it('refuses what RE2 cannot run in linear time, with the engine reason', () => {
    expect(writtenPatternProblem('(a)\\1')).toMatch(/^pattern too complex: invalid escape/);
    expect(writtenPatternProblem('(?=a)b')).toMatch(/^pattern too complex: invalid or unsupported/);
    expect(writtenPatternProblem('((a{100}){100}){100}')).toMatch(/^pattern too complex/);
    expect(writtenPatternProblem('/x/q')).toBe(
      'pattern too complex: unknown flag q (patterns run in linear time, without backreferences or lookaround)',
    );
    expect(writtenPatternProblem('\\d{3}-\\d{4}')).toBeNull();
    expect(writtenPatternProblem('(?<year>\\d{4})')).toBeNull();
  });

  it('matches as JavaScript does for the patterns people write (flags i, m, s)', () => {
    expect(compileWrittenPattern('/^open$/im').test('Closed\nOPEN')).toBe(true);
    expect(compileWrittenPattern('/a.b/s').test('a\nb')).toBe(true);
    expect(compileWrittenPattern('a.b').test('a\nb')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { argumentsValidator, jsonSchemaProblem } from '../tools/store';
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

  it('a tool argument checked against (a+)+$ is answered at once, however long', () => {
    const check = argumentsValidator({
      type: 'object',
      properties: {
        a: { type: 'string', pattern: '^(a+)+$' },
        b: { type: 'string', pattern: '^b+$' },
      },
    });
    // Without the linear-time engine this one call would backtrack 2^100000 times.
    expect(check({ a: `${'a'.repeat(100_000)}!` })).toMatchObject({ ok: false });
    expect(check({ a: 'aaa', b: 'bbb' })).toEqual({ ok: true });
    // Each pattern keeps its own matcher (Ajv caches compiled patterns by their text).
    expect(check({ a: 'aaa', b: 'aaa' })).toMatchObject({ ok: false });
    expect(
      jsonSchemaProblem({ type: 'object', patternProperties: { '(x)\\1': { type: 'string' } } }),
    ).toMatch(/^pattern “\(x\)\\1”: pattern too complex/);
  });
});

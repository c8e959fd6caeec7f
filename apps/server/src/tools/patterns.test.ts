import { describe, expect, it } from 'vitest';
import { argumentsValidator, jsonSchemaProblem } from './store';

// The tools' JSON Schema patterns run in the linear-time engine (lib/patterns.ts).
describe('tool argument patterns', () => {
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

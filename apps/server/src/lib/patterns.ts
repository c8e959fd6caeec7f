import { RE2JS } from 're2js';

/**
 * Patterns a tenant writes (an agent test's `regex` expectation, a `pattern` or
 * `patternProperties` in a tool's JSON Schema, an MCP server's schemas) run in RE2 (re2js, a
 * pure-JavaScript port): matching takes time linear in the input, whatever the pattern, so
 * `(a+)+$` against a long answer cannot hold the event loop. RE2 has no backreferences and no
 * lookaround; a pattern it refuses is refused when it is saved, with the engine's reason.
 */

/** A pattern the linear-time engine refuses (its reason in the message). */
export class PatternRefused extends Error {}

/** Above this program size a pattern is refused as too complex (RE2's own measure of cost). */
export const maxPatternProgramSize = 5000;

/** What a pattern may carry after its `/…/`; flags that change nothing in RE2 are accepted. */
const flagBits: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  g: 0,
  y: 0,
  d: 0,
  u: 0,
  v: 0,
};

const refusal = (reason: string) =>
  new PatternRefused(
    `pattern too complex: ${reason} (patterns run in linear time, without backreferences or lookaround)`,
  );

/** The engine's own words, without its "error parsing regexp: " preamble. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^error parsing regexp:\s*/i, '');
}

/** A linear-time matcher for a JavaScript-syntax pattern and flags; PatternRefused otherwise. */
export function compileSafePattern(source: string, flags = ''): RE2JS {
  let bits = 0;
  for (const flag of flags) {
    const bit = flagBits[flag];
    if (bit === undefined) throw refusal(`unknown flag ${flag}`);
    bits |= bit;
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (error) {
    throw refusal(reasonOf(error));
  }
  if (compiled.programSize() > maxPatternProgramSize)
    throw refusal(
      `it compiles to ${compiled.programSize()} instructions (at most ${maxPatternProgramSize})`,
    );
  return compiled;
}

/** A pattern as written, or `/pattern/flags` (the agent tests' `regex` expectation). */
export function compileWrittenPattern(value: string): RE2JS {
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(value);
  return literal ? compileSafePattern(literal[1]!, literal[2]) : compileSafePattern(value);
}

/** Why the written pattern is refused, or null. */
export function writtenPatternProblem(value: string): string | null {
  try {
    compileWrittenPattern(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Ajv's `code.regExp` (JSON Schema `pattern` and `patternProperties`): the same linear-time engine.
 * A refused pattern makes the schema fail to compile, with the reason.
 */
export const ajvSafeRegExp = Object.assign(
  (pattern: string, _u: string) => {
    try {
      const compiled = compileSafePattern(pattern);
      // Ajv keeps compiled patterns by `toString()`: each pattern its own key.
      return { test: (s: string) => compiled.test(s), toString: () => `re2js:${pattern}` };
    } catch (error) {
      throw new PatternRefused(`pattern “${pattern}”: ${(error as Error).message}`);
    }
  },
  { code: 're2js' },
);

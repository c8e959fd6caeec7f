import type { z } from 'zod';
import type { agentTestInputSchema } from '@parley/api-client';
import { HttpError } from '../lib/http';
import { writtenPatternProblem } from '../lib/patterns';

type TestInput = z.output<typeof agentTestInputSchema>;

/** 400 naming the field, as every refused save answers. */
export const refuseField = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, { issues: [{ field, message }] });

/**
 * Every `regex` expectation must compile in the linear-time engine (lib/patterns.ts): a pattern it
 * refuses (a backreference, lookaround, a repeat over 1000) is refused at save, naming the field.
 */
export function assertPatternsUsable(body: TestInput): void {
  body.turns.forEach((turn, t) =>
    turn.expect.forEach((e, i) => {
      if (e.type !== 'regex') return;
      const problem = writtenPatternProblem(e.value);
      if (problem) throw refuseField(`turns.${t}.expect.${i}.value`, problem);
    }),
  );
}

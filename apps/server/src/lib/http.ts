import type { Context } from 'hono';
import type { z } from 'zod';
import { toValidationError } from '@parley/api-client';

/** A handled failure: the status and the JSON body the client reads (`error` is the message). */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 500 | 502 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** Parses the JSON body with a contract schema; bad input → 400 naming the field and reason. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown = {};
  const text = await c.req.text();
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'body: Malformed JSON', {
        issues: [{ field: 'body', message: 'Malformed JSON' }],
      });
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const body = toValidationError(parsed.error);
    throw new HttpError(400, body.error, { issues: body.issues });
  }
  return parsed.data;
}

/** Validates any value (path params, query) with a schema, naming `field` on failure. */
export function check<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid value';
    throw new HttpError(400, `${field}: ${message}`, { issues: [{ field, message }] });
  }
  return parsed.data;
}

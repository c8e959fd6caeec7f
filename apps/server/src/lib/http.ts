import type { Context } from 'hono';
import type { z } from 'zod';
import { toValidationError } from '@parley/api-client';

/** A handled failure: the status and the JSON body the client reads (`error` is the message). */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** Whether a Content-Type header names JSON (application/json or a +json type). */
export function isJsonContentType(value: string | undefined): boolean {
  const type = (value ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Parses the JSON body with a contract schema; bad input → 400 naming the field and reason. A body
 * that is not sent as application/json is refused (415) unparsed: a page on another site
 * can post text/plain or a form without asking, never JSON.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown = {};
  const text = await c.req.text();
  if (text.trim() && !isJsonContentType(c.req.header('Content-Type'))) {
    throw new HttpError(415, 'body: Content-Type must be application/json', {
      issues: [{ field: 'body', message: 'Content-Type must be application/json' }],
    });
  }
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

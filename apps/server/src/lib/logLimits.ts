import { stdSerializers } from 'pino';

/**
 * Log lines stay small whatever an error carries: a failed query's text and its parameters
 * (tens of thousands of tenant-supplied values), a huge message. Strings are cut to
 * `maxLogChars`, arrays to `maxLogItems`, nesting to `maxLogDepth` (the rest is said, not kept).
 */
export const maxLogChars = 2000;
export const maxLogItems = 20;
export const maxLogDepth = 4;

function capped(value: unknown, depth: number): unknown {
  if (typeof value === 'string')
    return value.length > maxLogChars
      ? `${value.slice(0, maxLogChars)}… (${value.length - maxLogChars} more characters)`
      : value;
  if (!value || typeof value !== 'object') return value;
  if (depth >= maxLogDepth) return '[…]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, maxLogItems).map((v) => capped(v, depth + 1));
    if (value.length > maxLogItems) kept.push(`… (${value.length - maxLogItems} more items)`);
    return kept;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = capped(v, depth + 1);
  return out;
}

/** pino's error serializer, capped (server.ts gives it to the logger as `err`). */
export function cappedError(err: unknown): unknown {
  const serialized = err instanceof Error ? stdSerializers.err(err) : err;
  return capped(serialized, 0);
}

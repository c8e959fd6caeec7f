import { allowHostsFrom, type AllowHost } from '../lib/outbound';

/** What the delivery of webhooks is bound by (docs/webhooks.md, "Retries"). */
export const deliveryLimits = {
  /** An attempt that has no 2xx answer within this is a failure (connect, headers and body). */
  timeoutMs: 10_000,
  /** The most of an answer's body that is read; the rest is not. */
  maxResponseBytes: 64 * 1024,
  /** The most of it kept in the delivery log. */
  keptResponseBytes: 1024,
  /** An endpoint that has failed every attempt for this long is disabled. */
  disableAfterMs: 5 * 24 * 60 * 60 * 1000,
  /** After a rotation the previous secret keeps signing (a second signature) this long. */
  previousSecretMs: 24 * 60 * 60 * 1000,
  /** A claimed delivery is another process's to take up once this passed (the process died). */
  leaseMs: 60_000,
} as const;

/** The default retry schedule: seconds after the 1st, 2nd … failed attempt. */
export const defaultRetrySeconds = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** Longest single wait of a schedule: a week. */
const maxRetrySeconds = 7 * 24 * 60 * 60;

/**
 * PARLEY_WEBHOOK_RETRY_SECONDS: the waits in seconds after each failed attempt, comma-separated
 * (`5,300,1800`); after the last one the delivery is `failed`. `''` (set but empty): no retries.
 * A bad value stops the server at start, naming the variable.
 */
export function retrySecondsFrom(value: string | undefined): number[] {
  if (value === undefined) return defaultRetrySeconds;
  const text = value.trim();
  if (!text) return [];
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 20 || parts.some((p) => !/^\d+$/.test(p) || Number(p) > maxRetrySeconds))
    throw new Error(
      `PARLEY_WEBHOOK_RETRY_SECONDS must be up to 20 whole numbers of seconds (each at most ${maxRetrySeconds}), comma-separated, e.g. ${defaultRetrySeconds.join(',')}`,
    );
  return parts.map(Number);
}

/** Hosts a webhook may reach although they are not public (PARLEY_WEBHOOK_ALLOW_HOSTS). */
export const webhookAllowHosts = (env: Record<string, string | undefined>): AllowHost =>
  allowHostsFrom(env.PARLEY_WEBHOOK_ALLOW_HOSTS);

/** Deliveries worked at once per process (PARLEY_WEBHOOK_CONCURRENCY, 1–64, default 16). */
export function deliveryConcurrencyFrom(value: string | undefined): number {
  if (value === undefined || !value.trim()) return 16;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error('PARLEY_WEBHOOK_CONCURRENCY must be a whole number from 1 to 64');
  return n;
}

/**
 * `@parley/api-client/secrets` — how a stored secret is shown, the one masking function the
 * server (what it sends out) and the console (what it displays) share.
 */

/** The character that stands in for each hidden character. */
export const MASK_CHAR = '•';

/** Secrets at least this long show their last 4 characters; shorter ones none. */
export const MIN_REVEALED_SECRET_LENGTH = 12;

/**
 * Masks a secret for display. A secret of at least 12 characters shows only its last four, the
 * rest as '•' ('sk-live-abcd1234' → '••••••••••••1234'); a shorter one is masked completely as
 * '••••' (its last four would be most of it, and its length is not told either). '' stays '';
 * a value already masked (it holds '•') is returned as it is. Counts Unicode code points.
 */
export function maskSecret(value: string): string {
  if (!value) return '';
  if (isMaskedSecret(value)) return value;
  const chars = Array.from(value);
  if (chars.length < MIN_REVEALED_SECRET_LENGTH) return MASK_CHAR.repeat(4);
  return MASK_CHAR.repeat(chars.length - 4) + chars.slice(-4).join('');
}

/** Whether a value is the masked form of a secret (a form that submits it back keeps the stored one). */
export const isMaskedSecret = (value: string) => value.includes(MASK_CHAR);

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

/**
 * Where a stored secret may go: the `scheme://host:port` of the URL it was saved for (the scheme's
 * default port made explicit), null for none (the provider's own API). A stored secret is kept
 * only while this stays the same; a new destination needs the secret typed again.
 */
export function secretDestination(url: string | null | undefined): string | null {
  const raw = url?.trim();
  if (!raw) return null;
  try {
    const u = new URL(raw);
    const port = u.port || (u.protocol === 'https:' ? '443' : u.protocol === 'http:' ? '80' : '');
    return `${u.protocol}//${u.hostname.toLowerCase()}:${port}`;
  } catch {
    return raw;
  }
}

/** The same scheme, host and port (two empty destinations are the same). */
export const sameSecretDestination = (a: string | null | undefined, b: string | null | undefined) =>
  secretDestination(a) === secretDestination(b);

/** Why a stored secret is not sent to a new address, as the field says it. */
export const retypeSecretMessage =
  'type the secret again for the new address (a saved secret is only sent to the address it was saved for)';

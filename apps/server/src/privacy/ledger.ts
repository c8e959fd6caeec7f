import { createHash, createHmac } from 'node:crypto';

// The contactability ledger (do-not-call, STOP opt-outs, mail unsubscribes and bounces) outlives
// a person's erasure: their entries keep a keyed hash of the number or address instead of it
// (HMAC-SHA256 with a key derived from the server secret, PARLEY_SECRET), and every check that
// consults the ledger matches the plain value or its hash, so an erased person is still never
// contacted. Without the secret the hash cannot be reversed by trying every number.

/** Ledger values that are hashes start with this (a number or an address never does). */
export const erasedPrefix = 'erased:';

let key: Buffer | null = null;

/**
 * Sets the key from the server secret (createServer, once per process: a process serves one
 * install, with one secret).
 */
export function configureContactKey(secret: string) {
  key = createHash('sha256').update(`parley-contact-ledger:${secret}`).digest();
}

/** The keyed hash kept in the ledger for an erased number (E.164) or address (lower case). */
export function contactToken(value: string): string {
  if (!key) throw new Error('the contact ledger key is not configured (createServer sets it)');
  return erasedPrefix + createHmac('sha256', key).update(value).digest('base64url');
}

/**
 * What a ledger check matches for a number (E.164) or an address: the value itself and its erased
 * form (an address's of its lower case). Without a configured key (code run outside a server)
 * nobody can have been erased: the value alone.
 */
export function ledgerForms(value: string): string[] {
  if (!key) return [value];
  const erased = contactToken(value.includes('@') ? value.toLowerCase() : value);
  return [value, erased];
}

/** Many values' forms, and which value each form stands for. */
export function ledgerFormsOf(values: readonly string[]): {
  forms: string[];
  valueOf: Map<string, string>;
} {
  const valueOf = new Map<string, string>();
  for (const v of values) for (const f of ledgerForms(v)) if (!valueOf.has(f)) valueOf.set(f, v);
  return { forms: [...valueOf.keys()], valueOf };
}

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn-ts with its common-password list (passwords seen in breaches) and keyboard graphs; offline. */
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/**
 * The lowest zxcvbn score accepted: 2 = more than 10^6 guesses ("somewhat guessable"), which
 * every password on the common/breached lists, keyboard walks and repeats fall below; sign-in
 * attempts are rate-limited on top.
 */
export const minPasswordScore = 2;

export const passwordMessages = {
  email: 'Password must not contain your email address',
  weak: 'Password is too easy to guess: it is a common or leaked password, or a simple pattern. Use a longer phrase of unrelated words',
} as const;

/** Why a password is refused for this e-mail, or null when it is strong enough. */
export function passwordProblem(password: string, email = ''): string | null {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  const compact = (v: string) => v.replace(/[^\p{L}\p{N}]+/gu, '');
  const mentions = (part: string) =>
    part.length >= 3 && (lower.includes(part) || compact(lower).includes(compact(part)));
  if (address && (mentions(address) || mentions(local))) return passwordMessages.email;
  const inputs = [address, local, ...local.split(/[^a-z0-9]+/)].filter((s) => s.length >= 3);
  return zxcvbn.check(password, inputs).score < minPasswordScore ? passwordMessages.weak : null;
}

import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers of one attempt: the event's id (the same on every retry and
 * replay), the attempt's time, and `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with each
 * secret (the current one; during a rotation's overlap the previous one too, space-separated).
 */
export function signedHeaders(
  secrets: readonly string[],
  eventId: string,
  body: string,
  at: Date,
): Record<string, string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(eventId, at, body)).join(' '),
  };
}

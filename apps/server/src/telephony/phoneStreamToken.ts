import { createHmac } from 'node:crypto';

/**
 * The token of a phone media stream, signed into the TwiML `<Parameter name="token">` and checked
 * by the voice worker before it takes the call: HMAC-SHA256(PARLEY_WORKER_SECRET,
 * `${agentId}:${callSid}`), hex. The same function as apps/server/src/voice/phoneStreamToken.ts
 * on the voice branch (kept here until both branches meet; then this file re-exports that one).
 */
export function phoneStreamToken(secret: string, agentId: string, callSid: string): string {
  if (!secret) throw new Error('PARLEY_WORKER_SECRET is not set');
  return createHmac('sha256', secret).update(`${agentId}:${callSid}`).digest('hex');
}

/** Default address of the voice worker's phone transport (Twilio Media Streams). */
export const defaultPhoneStreamUrl = 'ws://localhost:8081/phone/stream';

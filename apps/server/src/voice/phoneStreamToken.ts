import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a phone media stream: the server signs it into the TwiML
 * (`<Connect><Stream url="…/phone/stream"><Parameter name="token" …/>`), the voice worker checks
 * it before it takes the call. HMAC-SHA256(PARLEY_WORKER_SECRET, `${agentId}:${callSid}`), hex.
 * Plain module (no server imports): the worker uses the same code.
 */
export function phoneStreamToken(secret: string, agentId: string, callSid: string): string {
  if (!secret) throw new Error('PARLEY_WORKER_SECRET is not set');
  return createHmac('sha256', secret).update(`${agentId}:${callSid}`).digest('hex');
}

/** Whether `token` is the stream token of this agent and call (constant-time compare). */
export function verifyPhoneStreamToken(
  secret: string,
  agentId: string,
  callSid: string,
  token: string,
): boolean {
  if (!secret || !agentId || !callSid || !/^[0-9a-f]{64}$/i.test(token)) return false;
  const expected = Buffer.from(phoneStreamToken(secret, agentId, callSid), 'hex');
  return timingSafeEqual(expected, Buffer.from(token, 'hex'));
}

/** The custom `<Parameter>` names the TwiML passes to the stream (Twilio's `start.customParameters`). */
export const phoneStreamParameters = [
  'agent_id',
  'organization_id',
  'from',
  'to',
  'call_sid',
  'token',
] as const;
export type PhoneStreamParameters = Record<(typeof phoneStreamParameters)[number], string>;

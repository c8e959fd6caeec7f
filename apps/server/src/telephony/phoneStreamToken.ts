import {
  phoneStreamTokenTtlSeconds,
  signCallToken,
  type CallToken,
} from '@parley/api-client/call-token';

/** Default address of the voice worker's phone transport (Twilio Media Streams). */
export const defaultPhoneStreamUrl = 'ws://localhost:8790/phone/stream';

/**
 * The phone stream token of a call the webhook opened: a call token (`@parley/api-client/call-token`,
 * shared with the worker) signed over the agent, the organization, the caller and our number, the
 * call's id and CallSid, valid for 5 minutes and redeemable once. Its fields travel as the stream's
 * `<Parameter>`s (empty ones left out).
 */
export function phoneStreamToken(
  secret: string,
  call: {
    agentId: string;
    organizationId: string;
    callId: string;
    callSid: string;
    from: string;
    to: string;
  },
  now?: number,
): CallToken {
  return signCallToken(
    secret,
    {
      transport: 'phone',
      agent_id: call.agentId,
      organization_id: call.organizationId,
      call_id: call.callId,
      call_sid: call.callSid,
      from: call.from,
      to: call.to,
    },
    { ttlSeconds: phoneStreamTokenTtlSeconds, now },
  );
}

/** The stream's custom parameters: the token's non-empty fields and its signature. */
export function phoneStreamParameters(token: CallToken): Record<string, string> {
  return Object.fromEntries(Object.entries(token).filter(([, value]) => value !== ''));
}

import type { VoiceCallActions } from '@parley/api-client';
import type { Services } from '../lib/env';
import { HttpError } from '../lib/http';
import type { CallActions } from '../tools/context';
import { publicUrlOf, telephonyFor } from '../telephony/resolve';
import { turnStored } from '../runtime/chat';
import { handoffTransferred, transferringHandoff, whisperOf } from '../handoff/transfer';
import type { ConversationRow } from '../conversations/takeover';

/** The turn's call actions as the worker reads them (none: undefined). */
export function callActionsLine(actions: CallActions): VoiceCallActions | undefined {
  const line: VoiceCallActions = {};
  if (actions.endCall) line.end_call = { reason: actions.endCall.reason };
  if (actions.transferCall)
    line.transfer_call = {
      number: actions.transferCall.number,
      reason: actions.transferCall.reason,
    };
  return line.end_call || line.transfer_call ? line : undefined;
}

/** The phone leg of a live call, or a 409 saying why it has none. */
export function phoneLegOf(conv: ConversationRow): { callSid: string; ourNumber: string } {
  const meta = (conv.metadata ?? {}) as Record<string, unknown>;
  if (conv.endedAt) throw new HttpError(409, 'call: the call has ended');
  if (meta.transport !== 'phone' || typeof meta.call_sid !== 'string' || !meta.call_sid)
    throw new HttpError(409, 'call: a browser call has no phone line to transfer', {
      code: 'no_phone_leg',
    });
  return { callSid: meta.call_sid, ourNumber: typeof meta.to === 'string' ? meta.to : '' };
}

/**
 * Transfers a live phone call to `number` through the organization's telephony provider (Twilio:
 * the call's instructions replaced by `<Dial>`; the sandbox records the transfer in its outbox).
 * A call that asked for a person (request_human) and is put through to the member on duty: the
 * member hears a one-line summary first (a whisper, where the provider can), and the request is
 * answered by the transfer.
 */
export async function transferCall(
  services: Pick<Services, 'db' | 'secrets' | 'env'>,
  conv: ConversationRow,
  number: string,
): Promise<void> {
  const leg = phoneLegOf(conv);
  // The turn that asked for the transfer stored its request with it.
  await turnStored(conv.id);
  const handoff = await transferringHandoff(services.db, conv.id, number);
  const { provider } = await telephonyFor(services, conv.organizationId);
  await provider.transferCall(leg.callSid, {
    from: leg.ourNumber,
    to: number,
    ...(handoff ? { whisper: whisperOf(handoff, publicUrlOf(services.env)) } : {}),
  });
  if (handoff) await handoffTransferred(services.db, conv.id, number);
}

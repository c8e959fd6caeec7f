import { and, eq, sql } from 'drizzle-orm';
import { scheduledEvents } from '../db/schema';
import {
  defaultPhoneStreamUrl,
  phoneStreamParameters,
  phoneStreamToken,
} from '../telephony/phoneStreamToken';
import { telephonyFor } from '../telephony/resolve';
import { sayTwiml, streamTwiml } from '../telephony/twiml';
import twilio from 'twilio';
import { finishCall, type SchedulerDeps } from './scheduler';
import { openConversation } from '../conversations/store';

/**
 * A scheduled call's provider webhooks (Twilio, signature already checked): the answer (the
 * call's media stream to the voice worker with the event's agent and purpose), answering-machine
 * detection (a machine hears the message after the beep) and the call's end (its outcome).
 */

const hangup = () => {
  const r = new twilio.twiml.VoiceResponse();
  r.hangup();
  return r.toString();
};

/** The event whose running call this is, within the organizations that signed the webhook. */
async function runningEvent(
  deps: SchedulerDeps,
  eventId: string,
  callSid: string,
  orgIds: string[] | null,
) {
  if (!/^[0-9a-f-]{36}$/i.test(eventId) || !callSid) return null;
  const [event] = await deps.db
    .select()
    .from(scheduledEvents)
    .where(
      and(
        eq(scheduledEvents.id, eventId),
        eq(scheduledEvents.currentCallId, callSid),
        eq(scheduledEvents.status, 'in_progress'),
      ),
    );
  if (!event || (orgIds && !orgIds.includes(event.organizationId))) return null;
  return event;
}

export const defaultVoicemail =
  'Hello, this is an automated call. We will try to reach you later. Goodbye.';

/** The answered call: a 'voice' conversation and the stream to the voice worker. */
export async function answerOutboundCall(
  deps: SchedulerDeps,
  eventId: string,
  params: Record<string, string>,
  orgIds: string[] | null,
): Promise<string> {
  const callSid = params.CallSid ?? '';
  const event = await runningEvent(deps, eventId, callSid, orgIds);
  if (!event) return hangup();
  const secret = deps.env.PARLEY_WORKER_SECRET ?? '';
  if (!secret) return sayTwiml(event.messageTemplate || defaultVoicemail);
  const from = params.From ?? '';
  const conversation = await openConversation(deps.db, {
    agentName: event.agentName,
    organizationId: event.organizationId,
    channel: 'voice',
    endUser: event.recipientPhone,
    agentAddress: from,
    metadata: {
      call_sid: callSid,
      provider: 'twilio',
      direction: 'outbound',
      scheduled_id: event.id,
      purpose: event.messageTemplate,
    },
  });
  // The attempt links to the call's transcript.
  await deps.db.execute(sql`
    UPDATE scheduled_events
    SET attempts = jsonb_set(attempts, ARRAY[(jsonb_array_length(attempts) - 1)::text, 'conversation_id'],
                             to_jsonb(${conversation.id}::text))
    WHERE id = ${event.id} AND current_call_id = ${callSid}`);
  // The worker takes this call (and only this one) with the call token, once, within 5 minutes.
  const token = phoneStreamToken(secret, {
    agentId: event.agentName,
    organizationId: event.organizationId,
    callId: conversation.id,
    callSid,
    from,
    to: event.recipientPhone,
  });
  return streamTwiml(deps.env.PARLEY_PHONE_STREAM_URL || defaultPhoneStreamUrl, {
    ...phoneStreamParameters(token),
    ...(event.messageTemplate ? { purpose: event.messageTemplate } : {}),
  });
}

/** Answering-machine detection's result: after a machine's beep the message is left, then hang up. */
export async function outboundAmd(
  deps: SchedulerDeps,
  eventId: string,
  params: Record<string, string>,
  orgIds: string[] | null,
) {
  const callSid = params.CallSid ?? '';
  const event = await runningEvent(deps, eventId, callSid, orgIds);
  if (!event) return { voicemail: false };
  const answeredBy = params.AnsweredBy ?? 'unknown';
  const machine = answeredBy.startsWith('machine_end');
  await deps.db
    .update(scheduledEvents)
    .set({ answeredBy: machine ? 'machine' : answeredBy })
    .where(eq(scheduledEvents.id, event.id));
  if (machine) {
    const { provider } = await telephonyFor(deps, event.organizationId, deps.twilioOptions);
    await provider.updateCall(callSid, sayTwiml(event.messageTemplate || defaultVoicemail));
  }
  return { voicemail: machine };
}

const outcomeOfStatus: Record<string, string> = {
  busy: 'busy',
  'no-answer': 'no-answer',
  failed: 'failed',
  canceled: 'failed',
};

/** The call's status callback: a final status ends the attempt with its outcome. */
export async function outboundStatus(
  deps: SchedulerDeps,
  eventId: string,
  params: Record<string, string>,
  orgIds: string[] | null,
) {
  const callSid = params.CallSid ?? '';
  const status = params.CallStatus ?? '';
  const event = await runningEvent(deps, eventId, callSid, orgIds);
  if (!event) return { ended: false };
  let outcome: string | undefined;
  if (status === 'completed') outcome = event.answeredBy === 'machine' ? 'voicemail' : 'answered';
  else outcome = outcomeOfStatus[status];
  if (!outcome) return { ended: false };
  const duration = Number(params.CallDuration ?? params.Duration ?? '');
  const ended = await finishCall(
    deps,
    { eventId: event.id, providerCallId: callSid },
    {
      outcome,
      durationS: Number.isFinite(duration) && params.CallDuration !== undefined ? duration : null,
      error: outcome === 'failed' ? `The provider reported the call ${status}` : null,
    },
  );
  return { ended };
}

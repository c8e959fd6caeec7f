import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversations, phoneNumbers, webhookEvents } from '../db/schema';
import { withoutControlCharacters } from '@parley/api-client';
import { defaultPhoneStreamUrl, phoneStreamParameters, phoneStreamToken } from './phoneStreamToken';
import { notConfiguredMessage, sayTwiml, streamTwiml, unassignedMessage } from './twiml';
import { openConversation } from '../conversations/store';

/**
 * Inbound calls (telephony keeps calls, TwiML and providers; a message's intake is
 * messaging/intake.ts). Inbound events, after their signature was checked: which number was called or messaged
 * (among the organizations whose credentials signed it), its agent, the conversation, the answer.
 * Each provider event id is processed once: a second delivery gets the first answer back.
 */
export interface InboundContext {
  db: Db;
  env: Record<string, string | undefined>;
  /** 'twilio' or 'sandbox' (the provider column of numbers, and the idempotency namespace). */
  provider: string;
  account: string;
  /** Organizations whose credentials validated the signature (null = any using the account). */
  orgIds: string[] | null;
  /** The reply queue, woken when an inbound message queues the agent's reply. */
  replies?: { wake(): void };
  /**
   * Find the number by organization and number only (a second provider for one channel, e.g.
   * Meta's WhatsApp Cloud API for a number synced from Twilio); needs `orgIds`.
   */
  anyProvider?: boolean;
}

export interface VoiceAnswer {
  twiml: string;
  answeredBy: 'agent' | 'unassigned';
  agentId: string | null;
  conversationId: string | null;
  duplicate: boolean;
}

/** An address without its channel prefix ('whatsapp:+1…' → '+1…'). */
export const stripChannel = (address: string) => address.replace(/^whatsapp:/, '');

/**
 * A provider's fields with control characters (NUL …, not tabs or line breaks) removed: what
 * the other party sent is stored cleaned, never refused by the database (a NUL is).
 */
export const cleanParams = (params: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, withoutControlCharacters(String(v))]),
  );

/** The column of the agent answering a channel of a number. */
const agentColumn = (channel: 'voice' | 'sms' | 'whatsapp') =>
  channel === 'voice'
    ? phoneNumbers.voiceAgentName
    : channel === 'sms'
      ? phoneNumbers.smsAgentName
      : phoneNumbers.whatsappAgentName;

/** Our number an event is for (among `ctx.orgIds`), with the agent of the channel (or null). */
export async function numberCalled(
  ctx: InboundContext,
  to: string,
  channel: 'voice' | 'sms' | 'whatsapp',
) {
  const [found] = await ctx.db
    .select()
    .from(phoneNumbers)
    .where(
      and(
        ctx.anyProvider ? undefined : eq(phoneNumbers.provider, ctx.provider),
        ctx.anyProvider ? undefined : eq(phoneNumbers.providerAccount, ctx.account),
        eq(phoneNumbers.phoneNumber, to),
        ctx.orgIds ? inArray(phoneNumbers.organizationId, ctx.orgIds) : undefined,
      ),
    )
    // The copy of the organization holding the number first (a shared account: one holds it),
    // then one whose channel has an agent.
    .orderBy(
      sql`not (${phoneNumbers.voiceAgentName} is not null or ${phoneNumbers.smsAgentName} is not null or ${phoneNumbers.whatsappAgentName} is not null)`,
      sql`${agentColumn(channel)} is null`,
      desc(phoneNumbers.updatedAt),
    )
    .limit(1);
  if (!found) return null;
  const agentName =
    channel === 'voice'
      ? found.voiceAgentName
      : channel === 'sms'
        ? found.smsAgentName
        : found.whatsappAgentName;
  return { ...found, agentName };
}

/**
 * A call came in: an assigned number connects the call's media stream to the voice worker for
 * its agent (a 'voice' conversation is created); anything else hears a short message and is
 * charged to no agent.
 */
export async function answerInboundCall(
  ctx: InboundContext,
  fields: Record<string, string>,
): Promise<VoiceAnswer> {
  const params = cleanParams(fields);
  const callSid = params.CallSid ?? '';
  const from = params.From ?? '';
  const to = params.To ?? params.Called ?? '';
  const eventId = `voice:${callSid}`;
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: ctx.provider, eventId })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh) {
      const [seen] = await tx
        .select({ result: webhookEvents.result })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, ctx.provider), eq(webhookEvents.eventId, eventId)));
      const r = seen?.result as Partial<VoiceAnswer> | undefined;
      return {
        twiml: r?.twiml ?? sayTwiml(unassignedMessage),
        answeredBy: r?.answeredBy ?? 'unassigned',
        agentId: r?.agentId ?? null,
        conversationId: r?.conversationId ?? null,
        duplicate: true,
      };
    }
    const number = await numberCalled({ ...ctx, db: tx as unknown as Db }, to, 'voice');
    let answer: Omit<VoiceAnswer, 'duplicate'>;
    const secret = ctx.env.PARLEY_WORKER_SECRET ?? '';
    if (!number?.agentName) {
      answer = {
        twiml: sayTwiml(unassignedMessage),
        answeredBy: 'unassigned',
        agentId: null,
        conversationId: null,
      };
    } else if (!secret) {
      answer = {
        twiml: sayTwiml(notConfiguredMessage),
        answeredBy: 'unassigned',
        agentId: null,
        conversationId: null,
      };
    } else {
      const conversation = await openConversation(tx as unknown as Db, {
        agentName: number.agentName,
        organizationId: number.organizationId,
        channel: 'voice',
        endUser: from,
        agentAddress: number.phoneNumber,
        metadata: {
          call_sid: callSid,
          provider: ctx.provider,
          direction: 'inbound',
          transport: 'phone',
          from,
          to: number.phoneNumber,
        },
      });
      // The worker takes this call (and only this one) with the token, once, within 5 minutes.
      const token = phoneStreamToken(secret, {
        agentId: number.agentName,
        organizationId: number.organizationId,
        callId: conversation.id,
        callSid,
        from,
        to: number.phoneNumber,
      });
      answer = {
        twiml: streamTwiml(
          ctx.env.PARLEY_PHONE_STREAM_URL || defaultPhoneStreamUrl,
          phoneStreamParameters(token),
        ),
        answeredBy: 'agent',
        agentId: number.agentName,
        conversationId: conversation.id,
      };
    }
    await tx
      .update(webhookEvents)
      .set({ organizationId: number?.organizationId ?? null, result: { ...answer } })
      .where(and(eq(webhookEvents.provider, ctx.provider), eq(webhookEvents.eventId, eventId)));
    return { ...answer, duplicate: false };
  });
}

const finalCallStatuses = new Set(['completed', 'busy', 'failed', 'no-answer', 'canceled']);

/** A call's status callback: a finished call ends its conversation (once per status). */
export async function recordCallStatus(ctx: InboundContext, fields: Record<string, string>) {
  const params = cleanParams(fields);
  const callSid = params.CallSid ?? '';
  const status = params.CallStatus ?? '';
  const [fresh] = await ctx.db
    .insert(webhookEvents)
    .values({ provider: ctx.provider, eventId: `status:${callSid}:${status}` })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (!fresh || !finalCallStatuses.has(status)) return { duplicate: !fresh, ended: false };
  const ended = await ctx.db
    .update(conversations)
    .set({ endedAt: new Date(), endedBy: 'caller', endReason: status, updatedAt: new Date() })
    .where(
      and(
        eq(conversations.channel, 'voice'),
        sql`${conversations.metadata}->>'call_sid' = ${callSid}`,
        isNull(conversations.endedAt),
        ctx.orgIds ? inArray(conversations.organizationId, ctx.orgIds) : undefined,
      ),
    )
    .returning({ id: conversations.id });
  return { duplicate: false, ended: ended.length > 0 };
}

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversations, messageReplies, messages, phoneNumbers, webhookEvents } from '../db/schema';
import { withoutControlCharacters } from '@parley/api-client';
import {
  isOptedOut,
  optedOutAmong,
  optKeyword,
  queueOptConfirmation,
  recordOptIn,
  recordOptOut,
  sendsOwnConfirmation,
} from '../messaging/optOut';
import { defaultPhoneStreamUrl, phoneStreamParameters, phoneStreamToken } from './phoneStreamToken';
import {
  emptyMessagingTwiml,
  notConfiguredMessage,
  sayTwiml,
  streamTwiml,
  unassignedMessage,
} from './twiml';

/**
 * Inbound events, after their signature was checked: which number was called or messaged
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

const stripChannel = (address: string) => address.replace(/^whatsapp:/, '');

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

async function numberCalled(
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
      const [conversation] = await tx
        .insert(conversations)
        .values({
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
        })
        .returning({ id: conversations.id });
      // The worker takes this call (and only this one) with the token, once, within 5 minutes.
      const token = phoneStreamToken(secret, {
        agentId: number.agentName,
        organizationId: number.organizationId,
        callId: conversation!.id,
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
        conversationId: conversation!.id,
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

/**
 * An SMS or WhatsApp message to one of our numbers: stored on the conversation with that sender
 * (the provider's message id is unique, so a redelivery is stored once). A number with an agent
 * queues the agent's reply (one per inbound message, sent by the reply worker) unless the sender
 * opted out; STOP-style keywords opt the sender out of that number, START opts them back in.
 * Messages to a number without an agent are stored on no agent's conversation and not answered.
 * The answer here is an empty response at once.
 */
export async function recordInboundMessage(ctx: InboundContext, fields: Record<string, string>) {
  const params = cleanParams(fields);
  const whatsapp = (params.From ?? '').startsWith('whatsapp:');
  const channel = whatsapp ? ('whatsapp' as const) : ('sms' as const);
  const from = stripChannel(params.From ?? '');
  const to = stripChannel(params.To ?? '');
  const messageSid = params.MessageSid ?? params.SmsSid ?? '';
  const body = params.Body ?? '';
  const number = await numberCalled(ctx, to, channel);
  const none = {
    twiml: emptyMessagingTwiml(),
    stored: false,
    conversationId: null,
    replyQueued: false,
    optOut: null as 'opt_out' | 'opt_in' | null,
    /** The agent that answers the number; null: stored on the thread and not answered. */
    agentName: null as string | null,
  };
  if (!number || !messageSid) return none;
  const agentName = number.agentName ?? null;
  const result = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          agentName
            ? eq(conversations.agentName, agentName)
            : and(
                isNull(conversations.agentName),
                eq(conversations.organizationId, number.organizationId),
              ),
          eq(conversations.channel, channel),
          eq(conversations.endUser, from),
          eq(conversations.agentAddress, number.phoneNumber),
        ),
      )
      .orderBy(desc(conversations.updatedAt))
      .limit(1);
    const conversationId =
      existing?.id ??
      (
        await tx
          .insert(conversations)
          .values({
            agentName,
            organizationId: number.organizationId,
            channel,
            endUser: from,
            agentAddress: number.phoneNumber,
          })
          .returning({ id: conversations.id })
      )[0]!.id;
    const [stored] = await tx
      .insert(messages)
      .values({
        conversationId,
        role: 'user',
        content: body,
        direction: 'inbound',
        author: 'visitor',
        provider: ctx.provider,
        providerMessageId: messageSid,
        status: 'received',
      })
      .onConflictDoNothing()
      .returning({ id: messages.id });
    if (!stored) return { ...none, conversationId, agentName };
    await tx
      .update(conversations)
      .set({ updatedAt: new Date() })
      .where(eq(conversations.id, conversationId));
    const optKey = {
      organizationId: number.organizationId,
      channel,
      ourNumber: number.phoneNumber,
      endUser: from,
    };
    const keyword = optKeyword(body);
    // STOP and START are confirmed to the person (the usual text), not answered by the agent.
    const confirmed =
      keyword && sendsOwnConfirmation(ctx.provider, channel)
        ? await queueOptConfirmation(tx, keyword.kind, {
            organizationId: number.organizationId,
            inboundMessageId: stored.id,
            conversationId,
            channel,
            fromNumber: number.phoneNumber,
            toNumber: from,
          })
        : false;
    if (keyword?.kind === 'opt_out') {
      await recordOptOut(tx, optKey, keyword.keyword);
      return {
        ...none,
        stored: true,
        conversationId,
        agentName,
        optOut: 'opt_out' as const,
        replyQueued: confirmed,
      };
    }
    if (keyword?.kind === 'opt_in') {
      await recordOptIn(tx, optKey);
      return {
        ...none,
        stored: true,
        conversationId,
        agentName,
        optOut: 'opt_in' as const,
        replyQueued: confirmed,
      };
    }
    if (await isOptedOut(tx, optKey)) return { ...none, stored: true, conversationId, agentName };
    // A number without an agent: the message is kept on the thread, and nobody answers it.
    if (!agentName) return { ...none, stored: true, conversationId, agentName };
    const queued = await tx
      .insert(messageReplies)
      .values({
        organizationId: number.organizationId,
        inboundMessageId: stored.id,
        conversationId,
        channel,
        fromNumber: number.phoneNumber,
        toNumber: from,
      })
      .onConflictDoNothing()
      .returning({ id: messageReplies.id });
    return {
      ...none,
      stored: true,
      conversationId,
      agentName,
      replyQueued: queued.length > 0,
    };
  });
  if (result.replyQueued) ctx.replies?.wake();
  return result;
}

/**
 * Lets the event loop answer other requests (e.g. /healthz) between a batch's statements: on the
 * embedded database a statement runs on this thread, and statements chained in one transaction
 * would otherwise hold it for the whole batch.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One message of a batch to one of our numbers (a provider delivering several at once). */
export interface InboundItem {
  messageSid: string;
  /** The sender's address (E.164). */
  from: string;
  body: string;
}

/**
 * Several messages to one number on one channel (a WhatsApp Cloud delivery), stored as a batch in
 * one transaction with a fixed number of statements whatever their count: the senders'
 * conversations found and the missing ones created together, every message inserted by one
 * statement (each provider id once), and the agent's replies queued by one statement for the
 * senders who have not opted out. STOP/START messages take the one-by-one path first (they change
 * opt-outs). Returns how many messages were new.
 */
export async function recordInboundMessages(
  ctx: InboundContext,
  channel: 'sms' | 'whatsapp',
  to: string,
  batch: InboundItem[],
): Promise<number> {
  const seen = new Set<string>();
  const items = batch
    .map((m) => ({
      messageSid: withoutControlCharacters(m.messageSid),
      from: withoutControlCharacters(m.from),
      body: withoutControlCharacters(m.body),
    }))
    .filter((m) => m.messageSid && m.from && !seen.has(m.messageSid) && seen.add(m.messageSid));
  const prefix = channel === 'whatsapp' ? 'whatsapp:' : '';
  const keywords = items.filter((m) => optKeyword(m.body));
  const plain = items.filter((m) => !optKeyword(m.body));
  let stored = 0;
  // STOP/START first: a sender who opts out in this batch gets no reply to its other messages.
  for (const m of keywords) {
    const result = await recordInboundMessage(ctx, {
      MessageSid: m.messageSid,
      From: `${prefix}${m.from}`,
      To: `${prefix}${to}`,
      Body: m.body,
    });
    if (result.stored) stored++;
  }
  const number = plain.length ? await numberCalled(ctx, to, channel) : null;
  if (number) {
    const agentName = number.agentName ?? null;
    const senders = [...new Set(plain.map((m) => m.from))];
    const queued = await ctx.db.transaction(async (tx) => {
      const thread = and(
        agentName
          ? eq(conversations.agentName, agentName)
          : and(
              isNull(conversations.agentName),
              eq(conversations.organizationId, number.organizationId),
            ),
        eq(conversations.channel, channel),
        eq(conversations.agentAddress, number.phoneNumber),
      );
      const threadOf = new Map<string, string>();
      await turn();
      for (const row of await tx
        .select({ id: conversations.id, endUser: conversations.endUser })
        .from(conversations)
        .where(and(thread, inArray(conversations.endUser, senders)))
        .orderBy(desc(conversations.updatedAt)))
        if (!threadOf.has(row.endUser)) threadOf.set(row.endUser, row.id);
      const missing = senders.filter((s) => !threadOf.has(s));
      await turn();
      if (missing.length)
        for (const row of await tx
          .insert(conversations)
          .values(
            missing.map((endUser) => ({
              agentName,
              organizationId: number.organizationId,
              channel,
              endUser,
              agentAddress: number.phoneNumber,
            })),
          )
          .returning({ id: conversations.id, endUser: conversations.endUser }))
          threadOf.set(row.endUser, row.id);
      await turn();
      const inserted = await tx
        .insert(messages)
        .values(
          plain.map((m) => ({
            conversationId: threadOf.get(m.from)!,
            role: 'user',
            content: m.body,
            direction: 'inbound' as const,
            author: 'visitor' as const,
            provider: ctx.provider,
            providerMessageId: m.messageSid,
            status: 'received',
          })),
        )
        .onConflictDoNothing()
        .returning({
          id: messages.id,
          conversationId: messages.conversationId,
          sid: messages.providerMessageId,
        });
      stored += inserted.length;
      if (!inserted.length) return 0;
      await turn();
      await tx
        .update(conversations)
        .set({ updatedAt: new Date() })
        .where(inArray(conversations.id, [...new Set(inserted.map((r) => r.conversationId))]));
      // A number without an agent: the messages are kept on their threads, nobody answers them.
      if (!agentName) return 0;
      await turn();
      const optedOut = await optedOutAmong(
        tx,
        { organizationId: number.organizationId, channel, ourNumber: number.phoneNumber },
        senders,
      );
      const senderOf = new Map(plain.map((m) => [m.messageSid, m.from]));
      const replies = inserted
        .map((r) => ({ ...r, from: senderOf.get(r.sid ?? '')! }))
        .filter((r) => !optedOut.has(r.from));
      if (!replies.length) return 0;
      await turn();
      return (
        await tx
          .insert(messageReplies)
          .values(
            replies.map((r) => ({
              organizationId: number.organizationId,
              inboundMessageId: r.id,
              conversationId: r.conversationId,
              channel,
              fromNumber: number.phoneNumber,
              toNumber: r.from,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: messageReplies.id })
      ).length;
    });
    if (queued) ctx.replies?.wake();
  }
  return stored;
}

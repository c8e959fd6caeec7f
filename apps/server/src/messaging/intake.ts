import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { withoutControlCharacters } from '@parley/api-client';
import { conversations, messageReplies } from '../db/schema';
import { threadOf } from './thread';
import type { Db } from '../db/client';
import { cleanParams, numberCalled, stripChannel, type InboundContext } from '../telephony/inbound';
import { emptyMessagingTwiml } from '../telephony/twiml';
import {
  isOptedOut,
  optedOutAmong,
  optKeyword,
  queueOptConfirmation,
  recordOptIn,
  recordOptOut,
  sendsOwnConfirmation,
} from './optOut';
import { appendMessage, appendMessages, createConversations } from '../conversations/store';
import { storageOf } from '../privacy/agentPrivacy';

// Inbound message intake: an SMS or WhatsApp message to one of our numbers, after the provider's
// webhook (webhooks/twilio.ts, messaging/whatsappCloud.ts) or the sandbox checked it.

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
  // Stored as the storage mode says; the reply's model call gets the words as written (queryText).
  const kept = (await storageOf(ctx.db, number.organizationId, agentName))(body);
  const result = await ctx.db.transaction(async (tx) => {
    const conversationId = await threadOf(tx as unknown as Db, {
      organizationId: number.organizationId,
      agentName,
      channel,
      endUser: from,
      agentAddress: number.phoneNumber,
    });
    // threadOf locked the thread (or opened it in this transaction).
    const storedId = await appendMessage(
      tx as unknown as Db,
      {
        conversationId,
        role: 'user',
        content: kept.content,
        direction: 'inbound',
        author: 'visitor',
        provider: ctx.provider,
        providerMessageId: messageSid,
        status: 'received',
        metadata: kept.metadata,
      },
      { now: new Date(), lock: false, ignoreDuplicate: true },
    );
    if (!storedId) return { ...none, conversationId, agentName };
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
            inboundMessageId: storedId,
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
        inboundMessageId: storedId,
        conversationId,
        channel,
        fromNumber: number.phoneNumber,
        toNumber: from,
        queryText: kept.content === body ? null : body,
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
    const store = await storageOf(ctx.db, number.organizationId, agentName);
    const kept = new Map(plain.map((m) => [m.messageSid, store(m.body)]));
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
        for (const row of await createConversations(
          tx,
          missing.map((endUser) => ({
            agentName,
            organizationId: number.organizationId,
            channel,
            endUser,
            agentAddress: number.phoneNumber,
          })),
        ))
          threadOf.set(row.endUser, row.id);
      await turn();
      // The threads locked in id order, the messages in one insert, the threads touched.
      const inserted = await appendMessages(
        tx as unknown as Db,
        plain.map((m) => ({
          conversationId: threadOf.get(m.from)!,
          role: 'user',
          content: kept.get(m.messageSid)!.content,
          direction: 'inbound' as const,
          author: 'visitor' as const,
          provider: ctx.provider,
          providerMessageId: m.messageSid,
          status: 'received',
          metadata: kept.get(m.messageSid)!.metadata,
        })),
        { now: new Date(), ignoreDuplicate: true },
      );
      stored += inserted.length;
      if (!inserted.length) return 0;
      // A number without an agent: the messages are kept on their threads, nobody answers them.
      if (!agentName) return 0;
      await turn();
      const optedOut = await optedOutAmong(
        tx,
        { organizationId: number.organizationId, channel, ourNumber: number.phoneNumber },
        senders,
      );
      const senderOf = new Map(plain.map((m) => [m.messageSid, m.from]));
      const bodyOf = new Map(plain.map((m) => [m.messageSid, m.body]));
      const replies = inserted
        .map((r) => ({ ...r, sid: r.providerMessageId ?? '' }))
        .map((r) => ({ ...r, from: senderOf.get(r.sid)! }))
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
              queryText:
                kept.get(r.sid)?.content === bodyOf.get(r.sid) ? null : (bodyOf.get(r.sid) ?? null),
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

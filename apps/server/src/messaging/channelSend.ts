import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { sendFailedMessage, smsMessages, whatsappMessages } from '@parley/api-client';
import type { Db } from '../db/client';
import { conversations, messages } from '../db/schema';
import type { Services } from '../lib/env';
import { HttpError } from '../lib/http';
import { telephonyFor } from '../telephony/resolve';
import { isOptedOut as optedOutOf } from './optOut';
import { threadOf } from './thread';
import { checkSendLimit, lockSendCounter, sendLimitsOf } from './sendLimits';
import { appendMessage } from '../conversations/store';
import { storageOf } from '../privacy/agentPrivacy';
import type { ChannelMessage, MessageChannel, NumberRow } from '../tools/builtinServices';

export type { MessageChannel, NumberRow };

/** WhatsApp's customer-service window: free-form messages only within 24 h of the person's last. */
export const whatsappWindowMs = 24 * 60 * 60 * 1000;
export const templateNeededMessage =
  "Outside WhatsApp's 24-hour customer-service window: a free-form message cannot be sent. Use message_type 'template' with an approved template.";

/** The channel's agent of a number (each channel has its own). */
export const channelAgent = (r: NumberRow, channel: MessageChannel) =>
  channel === 'sms' ? r.smsAgentName : r.whatsappAgentName;

const wordsOf = (channel: MessageChannel) => (channel === 'sms' ? smsMessages : whatsappMessages);

/** Whether the person opted out (STOP) of messages from our number on the channel. */
export const isOptedOut = (
  db: Db,
  orgId: string,
  channel: MessageChannel,
  ours: string,
  them: string,
) => optedOutOf(db, { organizationId: orgId, channel, ourNumber: ours, endUser: them });

/** A select from messages narrowed to the organization's conversations on the channel and `more`. */
function onChannel<Q extends PgSelect>(
  query: Q,
  key: { orgId: string; channel: MessageChannel },
  ...more: SQL[]
) {
  return query
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversations.organizationId, key.orgId),
        eq(conversations.channel, key.channel),
        ...more,
      ),
    );
}

/** When the person last wrote to our number on this channel (null: never). */
async function lastInbound(
  db: Db,
  orgId: string,
  channel: MessageChannel,
  ours: string,
  them: string,
) {
  const [row] = await onChannel(
    db
      .select({ at: sql<Date | string | null>`max(${messages.createdAt})` })
      .from(messages)
      .$dynamic(),
    { orgId, channel },
    eq(conversations.agentAddress, ours),
    eq(conversations.endUser, them),
    eq(messages.direction, 'inbound'),
  );
  return row?.at ? new Date(row.at) : null;
}

/** The organization's message on the channel sent with this idempotency key in the last day. */
async function sentWithKey(tx: Db, orgId: string, channel: MessageChannel, key: string) {
  const [row] = await onChannel(
    tx.select({ message: messages, conversation: conversations }).from(messages).$dynamic(),
    { orgId, channel },
    eq(messages.direction, 'outbound'),
    sql`${messages.metadata}->>'idempotency_key' = ${key}`,
    sql`${messages.createdAt} > now() - interval '1 day'`,
  ).limit(1);
  return row ?? null;
}

export interface ChannelSend extends ChannelMessage {
  /** A WhatsApp template message may go outside the 24-hour window. */
  template?: boolean;
  /** A retry with the same key answers the first send (24 h). */
  idempotencyKey?: string | null;
}

export interface ChannelSent {
  conversationId: string;
  providerMessageId: string | null;
  status: string | null;
  provider: string;
  replayed: boolean;
}

/**
 * One SMS or WhatsApp message leaving the organization's number, for a member's send and the
 * agent's send tools alike. Refused (HttpError, nothing sent) when the person opted out (409),
 * outside WhatsApp's 24-hour window for a free-form message (409), or over the organization's
 * sending limit (429). The message is recorded ('sending', on the thread with the recipient)
 * before the provider is called, in the transaction that checks the limit; the provider's answer
 * then completes it ('failed' with the reason when the provider refused: 503). A failure after
 * the provider accepted the message therefore never leads to a second send: a retry with the same
 * idempotency key answers the first send (or 409 while it is under way).
 */
export async function sendChannelMessage(
  services: Pick<Services, 'db' | 'secrets' | 'env'>,
  send: ChannelSend,
): Promise<ChannelSent> {
  const { db } = services;
  const { orgId, channel, number, to, text } = send;
  const words = wordsOf(channel);
  if (await isOptedOut(db, orgId, channel, number.phoneNumber, to))
    throw new HttpError(409, sendFailedMessage(words.sendFailed, 'the recipient opted out (STOP)'));
  if (channel === 'whatsapp' && !send.template) {
    const last = await lastInbound(db, orgId, 'whatsapp', number.phoneNumber, to);
    if (!last || Date.now() - last.getTime() > whatsappWindowMs)
      throw new HttpError(409, templateNeededMessage, { code: 'template_required' });
  }
  const key = send.idempotencyKey ?? null;
  const { provider } = await telephonyFor(services, orgId);
  const agentName = channelAgent(number, channel);
  // Stored as the organization's storage mode says; the provider gets the words as written.
  const stored = (await storageOf(db, orgId, agentName))(text);

  const reserved = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockSendCounter(tx, orgId, channel);
    if (key) {
      const first = await sentWithKey(tx, orgId, channel, key);
      if (first) return { replay: first } as const;
    }
    await checkSendLimit(tx, sendLimitsOf(services.env), orgId, channel);
    // Stored on the thread with the recipient, also from a number without an agent (the thread
    // then has none).
    const conversationId = await threadOf(tx, {
      organizationId: orgId,
      agentName,
      channel,
      endUser: to,
      agentAddress: number.phoneNumber,
    });
    // threadOf locked the thread (or opened it in this transaction).
    const messageId = await appendMessage(
      tx,
      {
        conversationId,
        role: 'assistant',
        content: stored.content,
        direction: 'outbound',
        author: send.author,
        provider: provider.name,
        status: 'sending',
        metadata: { ...(key ? { idempotency_key: key } : {}), ...stored.metadata },
      },
      { now: new Date(), lock: false },
    );
    return { conversationId, messageId: messageId! } as const;
  });

  if ('replay' in reserved) {
    const { message, conversation } = reserved.replay!;
    if (message.status === 'sending')
      throw new HttpError(409, 'Idempotency-Key: this message is already being sent');
    if (message.status === 'failed')
      throw new HttpError(
        409,
        sendFailedMessage(
          words.sendFailed,
          `this message was tried once and failed (${message.error ?? 'unknown error'}); send it again with a new Idempotency-Key`,
        ),
      );
    return {
      conversationId: conversation.id,
      providerMessageId: message.providerMessageId,
      status: message.status,
      provider: provider.name,
      replayed: true,
    };
  }

  let result;
  try {
    const message = { from: number.phoneNumber, to, body: text };
    result =
      channel === 'sms' ? await provider.sendSms(message) : await provider.sendWhatsApp(message);
  } catch (error) {
    const reason = String((error as Error)?.message ?? '');
    await db
      .update(messages)
      .set({ status: 'failed', error: reason.slice(0, 500) || 'Unknown error' })
      .where(eq(messages.id, reserved.messageId));
    throw new HttpError(503, sendFailedMessage(words.sendFailed, reason));
  }
  await db
    .update(messages)
    .set({ providerMessageId: result.providerMessageId, status: result.status || 'sent' })
    .where(eq(messages.id, reserved.messageId));
  return {
    conversationId: reserved.conversationId,
    providerMessageId: result.providerMessageId,
    status: result.status,
    provider: provider.name,
    replayed: false,
  };
}

import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messages, type ConversationChannel } from '../db/schema';
import type { Services } from '../lib/env';
import { HttpError } from '../lib/http';
import { reserveSend, sendLimitsOf } from '../messaging/sendLimits';
import { isOptedOut } from '../messaging/optOut';
import { telephonyFor } from '../telephony/resolve';
import { publish } from './live';
import { appendMessage } from './store';
import { heldBy, type ConversationRow } from './takeover';
import { storageOf } from '../privacy/agentPrivacy';
import { handoffAnswered } from '../handoff/store';

export type SendDeps = Pick<Services, 'db' | 'secrets' | 'env' | 'logger'>;
type MessageRow = typeof messages.$inferSelect;

/**
 * Delivers a member's stored reply through its conversation's channel; resolves once the channel
 * took it (the message's status and provider id are recorded by the sender).
 */
export type MemberSender = (
  deps: SendDeps,
  conv: ConversationRow,
  message: MessageRow,
) => Promise<void>;

const cannot = (reason: string) =>
  new HttpError(409, `text: ${reason}`, { code: 'channel_cannot_reply' });

/** SMS and WhatsApp: the organization's provider, within its sending limit, never to an opted-out person. */
function textMessageSender(channel: 'sms' | 'whatsapp'): MemberSender {
  return async (deps, conv, message) => {
    const { db } = deps;
    try {
      await reserveSend(db, sendLimitsOf(deps.env), conv.organizationId, channel, async (tx) => {
        await tx.update(messages).set({ status: 'sending' }).where(eq(messages.id, message.id));
      });
      const { provider } = await telephonyFor(deps, conv.organizationId);
      const out = { from: conv.agentAddress!, to: conv.endUser, body: message.content };
      const sent =
        channel === 'whatsapp' ? await provider.sendWhatsApp(out) : await provider.sendSms(out);
      await db
        .update(messages)
        .set({
          provider: provider.name,
          providerMessageId: sent.providerMessageId,
          status: sent.status || 'sent',
        })
        .where(eq(messages.id, message.id));
    } catch (error) {
      const reason = String((error as Error)?.message ?? error).slice(0, 500);
      await db
        .update(messages)
        .set({ status: 'failed', error: reason })
        .where(eq(messages.id, message.id));
      if (error instanceof HttpError) throw error;
      throw new HttpError(
        502,
        `text: the ${channel === 'sms' ? 'SMS' : 'WhatsApp message'} could not be sent (${reason})`,
      );
    }
  };
}

/** Senders by channel; chat needs none (the visitor's runtime reads it and open widgets get it live). */
const senders: Partial<Record<ConversationChannel, MemberSender>> = {
  chat: async () => undefined,
  sms: textMessageSender('sms'),
  whatsapp: textMessageSender('whatsapp'),
};

/** Another channel's feature (e-mail) registers how a member's reply goes out on it. */
export function registerMemberSender(channel: ConversationChannel, sender: MemberSender): void {
  senders[channel] = sender;
}

/** Whether the conversation's other party opted out of its number (messaging/optOut.ts). */
const optedOut = (db: Db, conv: ConversationRow, channel: 'sms' | 'whatsapp') =>
  isOptedOut(db, {
    organizationId: conv.organizationId,
    channel,
    ourNumber: conv.agentAddress ?? '',
    endUser: conv.endUser,
  });

/**
 * A member's reply in a conversation they (or a colleague) hold: stored as an answer written by a
 * member (the agent sees it in the history after release), sent through the conversation's channel,
 * and pushed to open widgets.
 */
export async function sendMemberReply(
  deps: SendDeps,
  conv: ConversationRow,
  member: { id: string; name: string },
  text: string,
): Promise<MessageRow> {
  const { db } = deps;
  if (!(await heldBy(db, conv.id)))
    throw new HttpError(409, 'text: take the conversation over before replying', {
      code: 'not_held',
    });
  const sender = senders[conv.channel];
  if (conv.channel === 'voice') throw cannot('a call cannot take a typed reply');
  if (!sender) throw cannot(`replies on ${conv.channel} are not set up on this server`);
  if (
    (conv.channel === 'sms' || conv.channel === 'whatsapp') &&
    (await optedOut(db, conv, conv.channel))
  )
    throw cannot('the recipient opted out (STOP); they get no messages until they send START');
  // Stored as the organization's storage mode says; the channel sends the words as written.
  const kept = (await storageOf(db, conv.organizationId, conv.agentName))(text);
  // The conversation's row, then the message, then its time (conversations/store.ts).
  const storedId = await db.transaction((tx) =>
    appendMessage(tx as unknown as Db, {
      conversationId: conv.id,
      role: 'assistant',
      content: kept.content,
      direction: 'outbound',
      author: 'member',
      metadata: { member_id: member.id, member_name: member.name, ...kept.metadata },
    }),
  );
  const [stored] = await db.select().from(messages).where(eq(messages.id, storedId!));
  // The first member reply after a request for a person: its time to a person.
  await handoffAnswered(db, conv.id);
  await sender(deps, conv, { ...stored!, content: text });
  await publish(db, { conversationId: conv.id, kind: 'member_message', messageId: stored!.id });
  const [sent] = await db.select().from(messages).where(eq(messages.id, stored!.id));
  return sent!;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messages, type ConversationChannel } from '../db/schema';
import type { Services } from '../lib/env';
import { HttpError } from '../lib/http';
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

/**
 * Before a member's reply is stored: why the channel cannot take it (e.g. the person opted out),
 * or null.
 */
export type MemberRefusal = (db: Db, conv: ConversationRow) => Promise<string | null>;

/**
 * Senders by channel; chat needs none (the visitor's runtime reads it and open widgets get it
 * live). The other channels' features register theirs (messaging/memberSend.ts: SMS and WhatsApp;
 * messaging/mail/memberReply.ts: e-mail), since they come after this room.
 */
const senders: Partial<
  Record<ConversationChannel, { send: MemberSender; refuse?: MemberRefusal }>
> = { chat: { send: async () => undefined } };

/** A channel's feature registers how a member's reply goes out on it (and when it cannot). */
export function registerMemberSender(
  channel: ConversationChannel,
  sender: MemberSender,
  refuse?: MemberRefusal,
): void {
  senders[channel] = { send: sender, refuse };
}

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
  const refused = await sender.refuse?.(db, conv);
  if (refused) throw cannot(refused);
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
  await sender.send(deps, conv, { ...stored!, content: text });
  await publish(db, { conversationId: conv.id, kind: 'member_message', messageId: stored!.id });
  const [sent] = await db.select().from(messages).where(eq(messages.id, stored!.id));
  return sent!;
}

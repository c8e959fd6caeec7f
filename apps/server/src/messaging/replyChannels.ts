import type { ConversationChannel } from '../db/schema';
import { telephonyFor } from '../telephony/resolve';
import { mailReplyChannel } from './mail/replyChannel';
import { sendOnly, type ReplyChannel } from './replyChannel';

/** SMS and WhatsApp: the organization's telephony provider, from our number to the person's. */
const textReplyChannel = (channel: 'sms' | 'whatsapp'): ReplyChannel =>
  sendOnly(async (deps, job, text) => {
    const { provider } = await telephonyFor(deps, job.organizationId);
    const message = { from: job.fromNumber, to: job.toNumber, body: text };
    const sent =
      channel === 'whatsapp'
        ? await provider.sendWhatsApp(message)
        : await provider.sendSms(message);
    return {
      provider: provider.name,
      providerMessageId: sent.providerMessageId,
      status: sent.status,
    };
  });

/**
 * The chat widget: no provider; the answer is stored on the conversation (the inbox is told by
 * the messages trigger, migration 0024) and the visitor's widget reads it with the conversation's
 * history: delivered once stored.
 */
const widgetReplyChannel: ReplyChannel = sendOnly(() =>
  Promise.resolve({ provider: 'widget', providerMessageId: null, status: 'delivered' }),
);

const channels: Record<Exclude<ConversationChannel, 'voice'>, ReplyChannel> = {
  email: mailReplyChannel,
  sms: textReplyChannel('sms'),
  whatsapp: textReplyChannel('whatsapp'),
  chat: widgetReplyChannel,
};

/** The reply channel of a conversation's channel; a call takes no queued reply (null). */
export function replyChannelOf(channel: string): ReplyChannel | null {
  return Object.hasOwn(channels, channel) ? channels[channel as keyof typeof channels] : null;
}

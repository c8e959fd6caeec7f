import { telephonyFor } from '../telephony/resolve';
import { mailReplyChannel } from './mail/replyChannel';
import { sendOnly, type ReplyChannel, type ReplyRow } from './replyChannel';

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
 * The channels a reply is queued on (`message_replies.channel`). The chat widget and the public
 * chat page have none on purpose: their visitor's turn is answered in its own request by the chat
 * runtime (runtime/chat.ts, streamed back), and a member's reply is stored and pushed to the open
 * widgets live (conversations/send.ts); nothing is ever sent to a widget through this queue, so a
 * widget "channel" here could only pretend to send. A call takes no queued reply either.
 */
const channels: Record<ReplyRow['channel'], ReplyChannel> = {
  email: mailReplyChannel,
  sms: textReplyChannel('sms'),
  whatsapp: textReplyChannel('whatsapp'),
};

/** The reply channel of a queued reply's channel; null for any other (chat, voice). */
export function replyChannelOf(channel: string): ReplyChannel | null {
  return Object.hasOwn(channels, channel) ? channels[channel as keyof typeof channels] : null;
}

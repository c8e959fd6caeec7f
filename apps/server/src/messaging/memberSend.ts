import { eq } from 'drizzle-orm';
import { messages } from '../db/schema';
import { HttpError } from '../lib/http';
import { registerMemberSender, type MemberSender } from '../conversations/send';
import { telephonyFor } from '../telephony/resolve';
import { isOptedOut } from './optOut';
import { reserveSend, sendLimitsOf } from './sendLimits';

// A member's reply on SMS and WhatsApp (conversations/send.ts stores it and asks the channel).

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

/** SMS and WhatsApp conversations take a member's reply: registered at startup (app.ts). */
export function registerMemberTexts(): void {
  for (const channel of ['sms', 'whatsapp'] as const)
    registerMemberSender(channel, textMessageSender(channel), async (db, conv) =>
      (await isOptedOut(db, {
        organizationId: conv.organizationId,
        channel,
        ourNumber: conv.agentAddress ?? '',
        endUser: conv.endUser,
      }))
        ? 'the recipient opted out (STOP); they get no messages until they send START'
        : null,
    );
}

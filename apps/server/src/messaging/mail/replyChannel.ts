import { waitingEmailNote } from '../../handoff/waiting';
import type { ReplyChannel } from '../replyChannel';
import { loopLimitReason } from './inbound';
import { holdMailReply, mailReplyLimitReached, sendMailReply } from './reply';

/**
 * E-mail's replies: silent while the thread waits for a person; a mailbox in 'Draft for approval'
 * keeps the answer as a draft; a thread at its hourly limit of agent replies gets none (counted
 * when the send is reserved, under the organization's email send lock); sent from the mailbox.
 */
export const mailReplyChannel: ReplyChannel = {
  silentWhileWaiting: waitingEmailNote,
  hold: (deps, job, replyMessageId) => holdMailReply(deps, job, replyMessageId),
  reserve: async (tx, job, replyMessageId) =>
    (await mailReplyLimitReached(tx, job, replyMessageId)) ? loopLimitReason : null,
  send: async (deps, job, text, replyMessageId) => ({
    provider: 'mail',
    ...(await sendMailReply(deps, job, text, replyMessageId)),
  }),
};

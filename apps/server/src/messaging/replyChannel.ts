import type { Db } from '../db/client';
import type { messageReplies } from '../db/schema';
import type { Services } from '../lib/env';

export type ReplyRow = typeof messageReplies.$inferSelect;
export type ReplyStatus = ReplyRow['status'];
export type ReplyChannelDeps = Pick<Services, 'db' | 'secrets' | 'env' | 'logger'>;

/** What a channel's provider answered for a sent reply. */
export interface SentReply {
  /** The provider's name (stored on the answer's message). */
  provider: string;
  providerMessageId: string | null;
  status: string;
}

/**
 * How the reply worker (messaging/replies.ts) answers on one channel: the worker owns the order
 * (hold, reserve within the organization's sending limit, send, record) and the channel the rules
 * of its own: e-mail's drafts for approval and per-thread limit, the provider of SMS and
 * WhatsApp. The worker asks no channel by name. (The chat widget is none: its turns are answered
 * in their own request, never queued; see replyChannels.ts.)
 */
export interface ReplyChannel {
  /**
   * While the thread waits for a person (request_human): the note the reply is skipped with (the
   * agent stays silent), or null: a brief acknowledgement is sent as the agent's answer.
   */
  readonly silentWhileWaiting: string | null;
  /**
   * Before the send is reserved: keeps the answer back (e.g. a draft for approval) and returns the
   * reply's end status, or null to send it.
   */
  hold(deps: ReplyChannelDeps, job: ReplyRow, replyMessageId: string): Promise<ReplyStatus | null>;
  /**
   * In the transaction that reserves the send (under the channel's send lock): why the answer is
   * discarded and never sent (e.g. the thread's hourly limit), or null to send it.
   */
  reserve(tx: Db, job: ReplyRow, replyMessageId: string): Promise<string | null>;
  /** Sends the answer (as written) to the reply's recipient. */
  send(
    deps: ReplyChannelDeps,
    job: ReplyRow,
    text: string,
    replyMessageId: string,
  ): Promise<SentReply>;
}

/** A channel with nothing to hold back or refuse: only its sending differs. */
export const sendOnly = (send: ReplyChannel['send']): ReplyChannel => ({
  silentWhileWaiting: null,
  hold: () => Promise.resolve(null),
  reserve: () => Promise.resolve(null),
  send,
});

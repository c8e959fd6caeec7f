import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messageReplies, messagingOptOuts } from '../db/schema';
import { appendMessage } from '../conversations/store';
import { ledgerForms, ledgerFormsOf } from '../privacy/ledger';

/** Keywords that opt a person out of a number's messages (carriers' and Twilio's standard set). */
export const optOutKeywords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
/** Keywords that opt them back in. */
export const optInKeywords = ['START', 'UNSTOP', 'YES'];

/** 'opt_out', 'opt_in' or null: the whole message (trimmed, any case, trailing punctuation) is the keyword. */
export function optKeyword(body: string): { kind: 'opt_out' | 'opt_in'; keyword: string } | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (optOutKeywords.includes(word)) return { kind: 'opt_out', keyword: word };
  if (optInKeywords.includes(word)) return { kind: 'opt_in', keyword: word };
  return null;
}

/** The usual confirmations (as carriers and Twilio word them), sent to the person. */
export const optConfirmations = {
  opt_out:
    'You have been unsubscribed and will not receive any more messages from this number. Reply START to resubscribe.',
  opt_in:
    'You have been resubscribed and will receive messages from this number again. Reply STOP to unsubscribe.',
} as const;

/**
 * Whether we send the confirmation ourselves: Twilio answers STOP and START on SMS itself (and
 * refuses our messages to a number that opted out), so only its SMS is left to it.
 */
export const sendsOwnConfirmation = (provider: string, channel: 'sms' | 'whatsapp') =>
  !(provider === 'twilio' && channel === 'sms');

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database or a transaction on it. */
type Queryable = Db | Tx;

/** Opt-outs are per organization, channel, our number and the other party. */
export interface OptOutKey {
  organizationId: string;
  channel: 'sms' | 'whatsapp';
  /** Our number (E.164). */
  ourNumber: string;
  /** The person's number (E.164). */
  endUser: string;
}

const matches = (key: Omit<OptOutKey, 'endUser'>) =>
  and(
    eq(messagingOptOuts.organizationId, key.organizationId),
    eq(messagingOptOuts.channel, key.channel),
    eq(messagingOptOuts.ourNumber, key.ourNumber),
  );

/** Whether the person opted out of our number's messages on this channel (STOP, not yet START). */
export async function isOptedOut(db: Queryable, key: OptOutKey): Promise<boolean> {
  const [row] = await db
    .select({ keyword: messagingOptOuts.keyword })
    .from(messagingOptOuts)
    .where(and(matches(key), inArray(messagingOptOuts.endUser, ledgerForms(key.endUser))))
    .limit(1);
  return Boolean(row);
}

/** Which of these people opted out of our number's messages on this channel (one query). */
export async function optedOutAmong(
  db: Queryable,
  key: Omit<OptOutKey, 'endUser'>,
  endUsers: string[],
): Promise<Set<string>> {
  if (!endUsers.length) return new Set();
  // An erased person's opt-out is kept as a keyed hash (privacy/ledger.ts): matched too.
  const { forms, valueOf } = ledgerFormsOf(endUsers);
  const rows = await db
    .select({ endUser: messagingOptOuts.endUser })
    .from(messagingOptOuts)
    .where(and(matches(key), inArray(messagingOptOuts.endUser, forms)));
  return new Set(rows.map((r) => valueOf.get(r.endUser) ?? r.endUser));
}

/** STOP: the person is opted out (the first keyword is kept). */
export async function recordOptOut(db: Queryable, key: OptOutKey, keyword: string): Promise<void> {
  await db
    .insert(messagingOptOuts)
    .values({ ...key, keyword })
    .onConflictDoNothing();
}

/** START: the person is opted back in (also an erased person's hashed opt-out). */
export async function recordOptIn(db: Queryable, key: OptOutKey): Promise<void> {
  await db
    .delete(messagingOptOuts)
    .where(and(matches(key), inArray(messagingOptOuts.endUser, ledgerForms(key.endUser))));
}

/**
 * Queues the confirmation of a STOP or START as a ready reply (its text set, so the reply worker
 * sends it as is, through the organization's provider, without asking the agent), and stores it
 * on the conversation as our answer.
 */
export async function queueOptConfirmation(
  tx: Tx,
  kind: 'opt_out' | 'opt_in',
  job: {
    organizationId: string;
    inboundMessageId: string;
    conversationId: string;
    channel: 'sms' | 'whatsapp';
    fromNumber: string;
    toNumber: string;
  },
): Promise<boolean> {
  const text = optConfirmations[kind];
  // After the STOP it answers, which this transaction wrote at its start (now()); the intake
  // holds the thread's row (its lock).
  const at = sql`clock_timestamp()`;
  const answerId = await appendMessage(
    tx as unknown as Db,
    {
      conversationId: job.conversationId,
      role: 'assistant',
      content: text,
      direction: 'outbound',
      author: 'agent',
      status: 'queued',
      // The automatic confirmation, not the agent's words (the thread lists say so).
      metadata: { opt_confirmation: kind },
      createdAt: at,
    },
    { lock: false, now: at },
  );
  const queued = await tx
    .insert(messageReplies)
    .values({ ...job, replyText: text, replyMessageId: answerId })
    .onConflictDoNothing()
    .returning({ id: messageReplies.id });
  return queued.length > 0;
}

/** Whether a message's `metadata.opt_confirmation` marks the confirmation of a STOP or START. */
export const isOptConfirmation = (value: unknown): value is 'opt_out' | 'opt_in' =>
  value === 'opt_out' || value === 'opt_in';

/** A queued confirmation of an opt-out is sent although the person has just opted out. */
export function isOptOutConfirmation(job: { replyText: string | null }): boolean {
  return job.replyText === optConfirmations.opt_out;
}

import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { agents, conversations, messageReplies, messages } from '../db/schema';
import type { Services } from '../lib/env';
import { collect, liveAgent, startTurn, type RuntimeDeps } from '../runtime/chat';
import { reserveSend, SendLimitError, sendLimitsOf } from './sendLimits';
import { isOptedOut, isOptOutConfirmation } from './optOut';
import { replyChannelOf } from './replyChannels';
import { agentPaused, heldNote } from '../conversations/takeover';
import { appendMessage } from '../conversations/store';
import { isWaiting, waitingAck } from '../handoff/waiting';
import { sampleLoopDelay } from '../lib/admission';
import { backoffMs, drain, startWorker, type Queue } from '../lib/jobs';
import { claimRows, renewLeases, Turns, type JobTable } from '../lib/jobTable';
import { storageOf } from '../privacy/agentPrivacy';
import { agentOfThread, discloseFirstReply } from '../privacy/disclosure';

/** Sends tried this many times before the reply is 'failed'. */
export const maxReplyAttempts = 5;
/** A reply left 'running' (generating) longer than this by a dead process is claimed again. */
export const replyStaleSeconds = 120;

export type ReplyDeps = Pick<Services, 'db' | 'secrets' | 'env' | 'logger' | 'clock'> & {
  retrieve?: RuntimeDeps['retrieve'];
};

/**
 * Milliseconds to wait before send attempt `attempts + 1`: PARLEY_REPLY_RETRY_SECONDS × attempts,
 * ± 10 % (the job runner's backoff), so replies that failed together do not all come back at once.
 */
export function retryDelayMs(
  env: Record<string, string | undefined>,
  attempts: number,
  random?: () => number,
) {
  const base = Number(env.PARLEY_REPLY_RETRY_SECONDS ?? 15);
  const baseMs = (Number.isFinite(base) && base >= 0 ? base : 15) * 1000;
  return backoffMs(attempts, { baseMs, growth: 'linear', jitter: 0.1 }, random);
}

/** Replies worked at once per process (PARLEY_REPLY_CONCURRENCY, 1–32; default 4). */
export function replyLanes(env: Record<string, string | undefined>): number {
  const n = Math.floor(Number(env.PARLEY_REPLY_CONCURRENCY ?? 4));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 32) : 4;
}

/** Another reply of the conversation is being generated or sent (and its process is alive). */
const busyConversation = (conversationId: SQL, id: SQL, staleSeconds: number) => sql`EXISTS (
  SELECT 1 FROM message_replies o
  WHERE o.conversation_id = ${conversationId} AND o.id <> ${id}
    AND o.status IN ('running', 'sending')
    AND CASE o.status WHEN 'running' THEN o.locked_at ELSE o.updated_at END
      >= now() - make_interval(secs => ${staleSeconds}))`;

/**
 * The replies as a queue of the job runner: pending and due, or 'running' with a lapsed lease (its
 * process died while the answer was generated; nothing was sent yet). A 'sending' reply is never
 * taken again, so a crash mid-send cannot send it twice.
 */
export const replyTable = (staleSeconds = replyStaleSeconds): JobTable<typeof messageReplies> => ({
  table: messageReplies,
  id: messageReplies.id,
  owner: messageReplies.organizationId,
  order: messageReplies.createdAt,
  ready: (now) =>
    sql`${messageReplies.status} = 'pending' AND ${messageReplies.nextAttemptAt} <= ${now}`,
  claimed: sql`${messageReplies.status} = 'running'`,
  lease: { column: messageReplies.lockedAt, holds: 'start', ms: staleSeconds * 1000 },
});

/** This process's round of organizations (lib/jobTable.ts Turns). */
const turns = new Turns();

/**
 * Claims the next due reply (organizations in turns, FOR UPDATE SKIP LOCKED: several processes on
 * one PostgreSQL never take the same one). A conversation whose earlier reply is still being
 * generated or sent is passed over, so one thread's answers are made and sent in order even with
 * several lanes and processes: two claims racing for one conversation meet on a
 * transaction-level advisory lock (the loser passes, the winner's reply is 'running' once it
 * commits).
 */
export async function claimReply(db: Db, staleSeconds = replyStaleSeconds) {
  const [claimed] = await claimRows(db, replyTable(staleSeconds), {
    limit: 4,
    turns,
    where: sql`NOT ${busyConversation(messageReplies.conversationId as unknown as SQL, messageReplies.id as unknown as SQL, staleSeconds)}`,
    columns: { conversation: messageReplies.conversationId },
    set: { status: 'running', updatedAt: new Date() },
    admit: async (tx, candidates) => {
      for (const { id, values } of candidates) {
        const conversation = String(values.conversation);
        const [free] = rowsOf(
          await tx.execute(sql`SELECT pg_try_advisory_xact_lock(
            hashtextextended(${`parley:reply:${conversation}`}, 0))
            AND NOT ${busyConversation(sql`${conversation}::uuid`, sql`${id}::uuid`, staleSeconds)} AS free`),
        );
        if (free?.free) return [id];
      }
      return [];
    },
  });
  return claimed ?? null;
}

type ReplyRow = typeof messageReplies.$inferSelect;

/** Whether the reply's recipient opted out of the number it goes from (messaging/optOut.ts). */
const recipientOptedOut = (db: Db, job: ReplyRow) =>
  isOptedOut(db, {
    organizationId: job.organizationId,
    channel: job.channel as 'sms' | 'whatsapp',
    ourNumber: job.fromNumber,
    endUser: job.toNumber,
  });

/** A job that ended (sent, skipped, failed) no longer keeps the inbound words (or subject) as written. */
const ended = new Set<ReplyRow['status']>(['sent', 'skipped', 'failed']);

const setReply = (db: Pick<Db, 'update'>, id: string, values: Partial<ReplyRow>) =>
  db
    .update(messageReplies)
    .set({
      ...values,
      ...(values.status && ended.has(values.status) ? { queryText: null, subjectText: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(messageReplies.id, id));

/**
 * One claimed reply: the agent answers the inbound message through the chat runtime (that
 * conversation's history, knowledge retrieval) unless it already did on an earlier attempt, then
 * the answer goes out through the organization's provider. The row is 'sending' while the
 * provider is called, so no later claim can send it again.
 */
export async function processReply(deps: ReplyDeps, job: ReplyRow): Promise<ReplyRow['status']> {
  const { db } = deps;
  const channel = replyChannelOf(job.channel);
  if (!channel) {
    await setReply(db, job.id, { status: 'failed', lastError: `No replies on ${job.channel}` });
    return 'failed';
  }
  if (!isOptOutConfirmation(job) && (await recipientOptedOut(db, job))) {
    await setReply(db, job.id, { status: 'skipped', lastError: 'The recipient opted out' });
    return 'skipped';
  }
  // A member holds the conversation (human takeover): the agent does not answer in it.
  if (await agentPaused(db, job.conversationId)) {
    await setReply(db, job.id, { status: 'skipped', lastError: heldNote });
    return 'skipped';
  }
  let { replyText, replyMessageId } = job;
  // The thread waits for a person (request_human): the agent does not carry on. A channel stays
  // silent (e-mail) or gets a brief acknowledgement (stored and sent as the agent's answer).
  if (
    (replyText === null || replyMessageId === null) &&
    (await isWaiting(db, job.conversationId))
  ) {
    if (channel.silentWhileWaiting !== null) {
      await setReply(db, job.id, { status: 'skipped', lastError: channel.silentWhileWaiting });
      return 'skipped';
    }
    replyText = await waitingAck(db, job.organizationId, deps.clock?.() ?? new Date());
    const ack = {
      conversationId: job.conversationId,
      role: 'assistant',
      content: replyText,
      direction: 'outbound' as const,
      author: 'agent' as const,
    };
    replyMessageId = await db.transaction((tx) => appendMessage(tx as unknown as Db, ack));
    await setReply(db, job.id, { replyText, replyMessageId });
  }
  if (replyText === null || replyMessageId === null) {
    const [ctx] = await db
      .select({
        agent: agents,
        endUser: conversations.endUser,
        channel: conversations.channel,
        agentAddress: conversations.agentAddress,
        content: messages.content,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(agents, eq(agents.agentName, conversations.agentName))
      .where(eq(messages.id, job.inboundMessageId))
      .limit(1);
    if (!ctx) {
      await setReply(db, job.id, { status: 'skipped', lastError: 'The message is gone' });
      return 'skipped';
    }
    try {
      // Every channel answers with the agent's live version (docs/versions.md).
      const turn = await startTurn(deps, liveAgent(ctx.agent), {
        // The words as written when the stored message is redacted or empty (privacy storage).
        query: job.queryText ?? ctx.content,
        user: ctx.endUser,
        conversationId: job.conversationId,
        inboundMessageId: job.inboundMessageId,
        // The channel and our address: the agent's tools act on this thread's person and number.
        channel: ctx.channel,
        agentAddress: ctx.agentAddress,
      });
      replyText = (await collect(turn)).trim();
      // (collect returns once the answer's row is stored: the provider's id below updates it.)
      replyMessageId = turn.messageId;
      // The agent's disclosure line goes first, with its first reply of the conversation.
      if (replyText)
        replyText = await discloseFirstReply(db, liveAgent(ctx.agent), {
          conversationId: job.conversationId,
          replyMessageId,
          replyText,
        });
    } catch (error) {
      return failAttempt(deps, { ...job, attempts: job.attempts + 1 }, error);
    }
    await setReply(db, job.id, { replyText, replyMessageId, queryText: null });
  }
  if (!replyText) {
    await setReply(db, job.id, { status: 'skipped', lastError: 'The agent gave no answer' });
    return 'skipped';
  }
  // The channel may keep the answer back (e-mail: a mailbox in 'Draft for approval').
  const held = await channel.hold(deps, job, replyMessageId);
  if (held) return held;
  // Within the organization's sending limit: the answer is marked 'sending' (it counts from now)
  // under the channel's send lock. Over the limit, the reply waits until a place frees; the wait
  // is not an attempt. The channel's own refusal is decided in the same transaction (e-mail: the
  // thread's hourly limit of agent replies), so concurrent reply jobs cannot both take the last
  // place; a refused answer is discarded, never sent.
  try {
    const refused = await reserveSend(
      db,
      sendLimitsOf(deps.env),
      job.organizationId,
      job.channel,
      async (tx) => {
        const refusal = await channel.reserve(tx, job, replyMessageId);
        if (refusal) return refusal;
        await tx.update(messages).set({ status: 'sending' }).where(eq(messages.id, replyMessageId));
        await setReply(tx, job.id, { status: 'sending', attempts: job.attempts + 1 });
        return null;
      },
    );
    if (refused) return discardReply(db, job, replyMessageId, refused);
  } catch (error) {
    if (!(error instanceof SendLimitError)) throw error;
    deps.logger.warn({ reply: job.id, retryAfter: error.retryAfter }, error.message);
    await setReply(db, job.id, {
      status: 'pending',
      lastError: error.message,
      nextAttemptAt: new Date(Date.now() + error.retryAfter * 1000),
    });
    return 'pending';
  }
  try {
    const store = await storageOf(db, job.organizationId, await agentOfThread(db, job));
    const kept = (text: string) => store(text).content;
    const sent = await channel.send(deps, job, replyText, replyMessageId);
    // The provider's id on the answer and the job's end together: a job marked sent has
    // everything recorded.
    await db.transaction(async (tx) => {
      await tx
        .update(messages)
        .set({
          provider: sent.provider,
          providerMessageId: sent.providerMessageId,
          status: sent.status || 'sent',
        })
        .where(eq(messages.id, replyMessageId));
      await setReply(tx, job.id, {
        status: 'sent',
        providerMessageId: sent.providerMessageId,
        lastError: null,
        // Sent: the answer is kept only as the storage mode keeps the conversation's messages.
        replyText: kept(replyText),
      });
    });
    return 'sent';
  } catch (error) {
    return failAttempt(deps, { ...job, attempts: job.attempts + 1 }, error, replyMessageId);
  }
}

/** An answer its channel refused when the send was reserved: discarded, never sent. */
async function discardReply(db: Db, job: ReplyRow, replyMessageId: string, reason: string) {
  await db
    .update(messages)
    .set({ status: 'discarded', error: reason })
    .where(eq(messages.id, replyMessageId));
  await setReply(db, job.id, { status: 'skipped', lastError: reason });
  return 'skipped' as const;
}

async function failAttempt(
  deps: ReplyDeps,
  job: ReplyRow,
  error: unknown,
  replyMessageId: string | null = null,
): Promise<ReplyRow['status']> {
  const lastError = String((error as Error)?.message ?? error).slice(0, 500);
  deps.logger.warn({ err: error, reply: job.id, attempts: job.attempts }, 'reply not sent');
  const final = job.attempts >= maxReplyAttempts;
  await setReply(deps.db, job.id, {
    status: final ? 'failed' : 'pending',
    attempts: job.attempts,
    lastError,
    nextAttemptAt: new Date(Date.now() + retryDelayMs(deps.env, job.attempts)),
  });
  if (final && replyMessageId)
    await deps.db
      .update(messages)
      .set({ status: 'failed', error: lastError })
      .where(eq(messages.id, replyMessageId));
  return final ? 'failed' : 'pending';
}

/**
 * The replies as the job runner's queue: one claim at a time (a claim that finds a reply starts
 * another while there is room), `lanes` replies worked at once, a generating reply's lease
 * renewed while its model answers.
 */
function replyQueue(deps: ReplyDeps, lanes: number | (() => number)): Queue<ReplyRow> {
  return {
    name: 'message_replies',
    claim: async () => {
      const job = await claimReply(deps.db);
      return job ? [job] : [];
    },
    run: (job) =>
      processReply(deps, job).catch((err: unknown) =>
        deps.logger.error({ err, reply: job.id }, 'reply processing failed'),
      ),
    concurrency: lanes,
    renew: {
      everyMs: (replyStaleSeconds * 1000) / 3,
      leases: (jobs) =>
        renewLeases(
          deps.db,
          replyTable(),
          jobs.map((j) => j.id),
        ),
    },
  };
}

/**
 * Processes due replies until none is left, `lanes` at a time; returns how many were processed.
 */
export function drainReplies(deps: ReplyDeps, lanes = 1): Promise<number> {
  return drain(replyQueue(deps, Math.max(1, lanes)), { logger: deps.logger });
}

/**
 * How many lanes may run now: all of them while the event loop keeps up, fewer while its delay is
 * over PARLEY_ADMISSION_LAG_MS (30; 0 turns this off), read at each poll of the worker on the
 * chat admission's loop sampler. A model that answers from afar leaves the loop idle (every lane
 * runs); on a server whose replies are CPU (the offline responder, the embedded database) a burst
 * takes the lanes the machine can give without delaying health checks, the console and webhooks.
 */
export function laneLimit(
  lanes: number,
  env: Record<string, string | undefined>,
  intervalMs = 1000,
) {
  const target = Number(env.PARLEY_ADMISSION_LAG_MS ?? 30);
  if (!Number.isFinite(target) || target <= 0 || lanes <= 1)
    return { allowed: () => lanes, stop: () => {} };
  let allowed = lanes;
  const stop = sampleLoopDelay((worst) => {
    allowed = nextLaneLimit(allowed, worst, target, lanes);
  }, intervalMs);
  return { allowed: () => allowed, stop };
}

/**
 * The next lane limit from the worst event-loop delay since the last poll: halved when it was
 * over the target, one more when it was not. (Harder on the way down than the chat admission's
 * `nextLimit`, which takes a tenth off: replies are background work and can wait; with a tenth
 * the mail bench's `/healthz` p95 during a burst was 108–118 ms, with halving 63–74 ms.)
 */
export function nextLaneLimit(
  allowed: number,
  worstLagMs: number,
  targetMs: number,
  lanes: number,
) {
  return worstLagMs > targetMs
    ? Math.max(1, Math.floor(allowed / 2))
    : Math.min(lanes, allowed + 1);
}

export interface ReplyWorker {
  readonly name: string;
  /** Runs the queue now (after a webhook queued a reply). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Replies in the background (the job runner): woken by each webhook that queues one (in this
 * process, or by the NOTIFY of the new row from another), and every `pollMs` for retries that
 * became due. One claim looks for work at a time; a claim that finds a reply starts another (up
 * to `lanes`, fewer while the event loop falls behind), so a burst is answered `lanes` at a time
 * (a model's answer is mostly waiting) while an idle server makes one claim per poll.
 */
export function startReplyWorker(
  deps: ReplyDeps,
  pollMs = 1000,
  lanes = replyLanes(deps.env),
): ReplyWorker {
  const lag = laneLimit(lanes, deps.env, pollMs);
  const worker = startWorker(
    replyQueue(deps, () => Math.min(lanes, lag.allowed())),
    { logger: deps.logger, pollMs },
  );
  return {
    name: worker.name,
    wake: () => worker.wake(),
    stop: async () => {
      await worker.stop();
      lag.stop();
    },
  };
}

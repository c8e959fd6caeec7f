import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { conversations } from '../db/schema';
import { HttpError } from '../lib/http';
import { startWorker, type JobLogger, type Queue, type Worker } from '../lib/jobs';
import { databaseNow, timeOf } from '../lib/jobTable';

/**
 * When a conversation ends (docs/inbox-and-analytics.md, "When a conversation ends"): a call
 * when it hangs up (voice/callLog.ts, telephony, the scheduler); a chat, SMS, WhatsApp or e-mail
 * conversation after PARLEY_CONVERSATION_IDLE_SECONDS without a message (the idle job below), or
 * when a member closes it. A later message reopens it — a trigger on every message insert, so
 * every writer does (drizzle/0037) — and the ends and reopenings are events (conversation.ended,
 * conversation.reopened) written by triggers in the same transaction.
 */

export const defaultIdleSeconds = 1800;
/** Conversations one idle round ends at most (the next round takes the rest at once). */
export const idleBatch = 500;

/** PARLEY_CONVERSATION_IDLE_SECONDS: a whole number of seconds ≥ 1; bad → the server stops. */
export function idleSecondsFrom(value: string | undefined): number {
  if (value === undefined || !value.trim()) return defaultIdleSeconds;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 30 * 86_400)
    throw new Error(
      'PARLEY_CONVERSATION_IDLE_SECONDS must be a whole number of seconds from 1 to 2592000',
    );
  return n;
}

const quiet = (idleSeconds: number, now: SQL) =>
  sql`c.ended_at IS NULL AND c.channel <> 'voice'
    AND c.last_message_at <= ${now} - make_interval(secs => ${idleSeconds})`;

/**
 * Ends up to `limit` message-channel conversations quiet for `idleSeconds` at `now` (the
 * database's clock by default), the longest quiet first. Safe with several processes: each
 * conversation is locked (SKIP LOCKED) and checked again, so it is ended once; a message arriving
 * meanwhile wins (it either reopens it after, or keeps it from being due). Returns how many.
 */
export async function endIdleConversations(
  db: Pick<Db, 'execute'>,
  options: { idleSeconds: number; now?: Date; limit?: number },
): Promise<number> {
  const now = options.now ? timeOf(options.now) : databaseNow;
  const ended = rowsOf(
    await db.execute(sql`UPDATE conversations SET ended_at = ${now}, ended_by = 'idle',
        end_reason = 'idle'
      WHERE id IN (
        SELECT c.id FROM conversations c WHERE ${quiet(options.idleSeconds, now)}
        ORDER BY c.last_message_at LIMIT ${options.limit ?? idleBatch}
        FOR UPDATE SKIP LOCKED)
      AND ended_at IS NULL
      RETURNING id`),
  );
  return ended.length;
}

interface IdleDeps {
  db: Db;
  logger: JobLogger;
  idleSeconds: number;
  /** The clock (tests); the database's by default. */
  now?: () => Date;
}

/**
 * The idle end on the job runner: a job is one batch, claimed when some conversation is due and
 * not being ended by another process; the runner wakes at the next one's due time.
 */
export function idleQueue(deps: IdleDeps): Queue<{ limit: number }> {
  const now = () => (deps.now ? timeOf(deps.now()) : databaseNow);
  return {
    name: 'conversation_idle',
    claim: async () => {
      const [due] = rowsOf(
        await deps.db.execute(sql`SELECT c.id FROM conversations c
          WHERE ${quiet(deps.idleSeconds, now())} LIMIT 1 FOR UPDATE SKIP LOCKED`),
      );
      return due ? [{ limit: idleBatch }] : [];
    },
    run: ({ limit }) =>
      endIdleConversations(deps.db, { idleSeconds: deps.idleSeconds, now: deps.now?.(), limit }),
    nextDueAt: async () => {
      const [row] = rowsOf(
        await deps.db.execute(sql`SELECT min(c.last_message_at) AS at FROM conversations c
          WHERE c.ended_at IS NULL AND c.channel <> 'voice'`),
      );
      return row?.at
        ? new Date(new Date(row.at as string).getTime() + deps.idleSeconds * 1000)
        : null;
    },
  };
}

/**
 * The idle worker of this process. It looks at least every half idle time (at most every 30 s):
 * a conversation started while it slept ends no later than that after it fell due.
 */
export function startIdleWorker(deps: IdleDeps, options: { manual?: boolean } = {}): Worker {
  const pollMs = Math.min(30_000, Math.max(1000, (deps.idleSeconds * 1000) / 2));
  return startWorker(idleQueue(deps), {
    logger: deps.logger,
    pollMs,
    manual: options.manual,
    now: deps.now,
  });
}

/**
 * A member closes a chat, SMS, WhatsApp or e-mail conversation: it ends now (once; closing an
 * ended one changes nothing). A call ends when it hangs up (409).
 */
export async function closeConversation(
  db: Db,
  conv: typeof conversations.$inferSelect,
): Promise<typeof conversations.$inferSelect> {
  if (conv.channel === 'voice')
    throw new HttpError(409, 'conversation: A call ends when it hangs up; it cannot be closed', {
      code: 'call_not_closable',
    });
  const [ended] = await db
    .update(conversations)
    .set({ endedAt: sql`now()`, endedBy: 'member', endReason: 'closed' })
    .where(and(eq(conversations.id, conv.id), isNull(conversations.endedAt)))
    .returning();
  if (ended) return ended;
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conv.id));
  return row ?? conv;
}

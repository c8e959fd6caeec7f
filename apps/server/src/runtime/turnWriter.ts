import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';

/** One finished turn: its conversation (created or touched), the visitor's message and the answer. */
export interface TurnRow {
  conversationId: string;
  agentName: string;
  organizationId: string;
  channel: string;
  endUser: string;
  agentAddress: string | null;
  /** The visitor's message as it is stored (privacy/storage.ts: as written, redacted or empty). */
  query: string;
  /** The visitor's message's metadata (what storage left out: `privacy`). */
  queryMetadata?: Record<string, unknown>;
  /** The visitor's message is already stored (an inbound SMS/WhatsApp by its webhook). */
  questionStored?: boolean;
  askedAt: Date;
  messageId: string;
  answer: string;
  answeredAt: Date;
  offline: boolean;
  error: string | null;
  /** The answer's figures (time to first token, the passages it drew on). */
  metadata?: Record<string, unknown>;
  /** The answer's tool calls (runtime/tools), null when it made none. */
  toolSteps?: unknown[] | null;
  /** The agent version that answered ('1', '2' … or 'draft'). */
  agentVersion?: string | null;
  /** Nothing of the turn is stored (a call whose caller refused transcription): the conversation is only touched. */
  unstored?: boolean;
}

/** The statement storing turns: conversations upserted (only by their own agent and visitor), then both messages of each turn. */
export function turnsStatement(turns: TurnRow[]): SQL {
  const seen = new Set<string>();
  const convs = turns.filter((t) => !seen.has(t.conversationId) && seen.add(t.conversationId));
  const convValues = sql.join(
    convs.map(
      (t) =>
        sql`(${t.conversationId}::uuid, ${t.agentName}, ${t.organizationId}, ${t.channel}, ${t.endUser}, ${t.agentAddress}::text, ${t.agentVersion ?? null}::text)`,
    ),
    sql`, `,
  );
  const upsert = sql`
      INSERT INTO conversations (id, agent_name, organization_id, channel, end_user, agent_address, agent_version)
      VALUES ${convValues}
      ON CONFLICT (id) DO UPDATE SET updated_at = now()
        WHERE conversations.agent_name = EXCLUDED.agent_name
          AND conversations.end_user = EXCLUDED.end_user`;
  const kept = turns.filter((t) => !t.unstored);
  if (!kept.length) return upsert;
  const messageValues = sql.join(
    kept.flatMap((t) => [
      ...(t.questionStored
        ? []
        : [
            sql`(gen_random_uuid(), ${t.conversationId}::uuid, 'user', ${t.query}::text, 'inbound', 'visitor', false, NULL::text, ${t.askedAt.toISOString()}::timestamptz, ${JSON.stringify(t.queryMetadata ?? {})}::jsonb, NULL::jsonb, NULL::text)`,
          ]),
      sql`(${t.messageId}::uuid, ${t.conversationId}::uuid, 'assistant', ${t.answer}::text, 'outbound', 'agent', ${t.offline}::boolean, ${t.error}::text, ${t.answeredAt.toISOString()}::timestamptz, ${JSON.stringify(t.metadata ?? {})}::jsonb, ${t.toolSteps ? JSON.stringify(t.toolSteps) : null}::jsonb, ${t.agentVersion ?? null}::text)`,
    ]),
    sql`, `,
  );
  return sql`
    WITH conv AS (${upsert}
      RETURNING id
    )
    INSERT INTO messages (id, conversation_id, role, content, direction, author, offline, error, created_at, metadata, tool_steps, agent_version)
    SELECT v.id, v.conversation_id, v.role, v.content, v.direction, v.author, v.offline, v.error, v.created_at, v.metadata, v.tool_steps, v.agent_version
    FROM (VALUES ${messageValues})
      AS v(id, conversation_id, role, content, direction, author, offline, error, created_at, metadata, tool_steps, agent_version)
    JOIN conv ON conv.id = v.conversation_id`;
}

/**
 * Stores finished turns with group commit: turns that finish together go in one statement. The
 * embedded database runs a statement synchronously (the event loop waits for it), so nothing can
 * queue up while one runs: instead, a statement starts at most once per `windowMs`, and the turns
 * that finish in between wait for it (each statement costs about as much as a few rows, so under
 * load the database runs a few statements per second instead of one per turn). When the writer
 * has been idle for `windowMs`, a turn is written at once. A failing batch is retried turn by
 * turn, so one bad row (its agent deleted meanwhile) costs only its own turn.
 */
export function createTurnWriter(
  db: Db,
  logger: Logger,
  options: { maxBatch?: number; windowMs?: number } = {},
) {
  const maxBatch = options.maxBatch ?? 100;
  const windowMs = options.windowMs ?? 50;
  let queue: Array<{ turn: TurnRow; done: () => void }> = [];
  let running = false;
  let scheduled = false;
  /** When the last statement started (ms, performance.now()). */
  let lastStart = -Infinity;

  async function flush() {
    scheduled = false;
    running = true;
    while (queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      lastStart = performance.now();
      try {
        await db.execute(turnsStatement(batch.map((b) => b.turn)));
      } catch (err) {
        if (batch.length === 1) logger.error({ err }, 'failed to store the turn');
        else
          for (const one of batch)
            await db
              .execute(turnsStatement([one.turn]))
              .catch((e: unknown) => logger.error({ err: e }, 'failed to store the turn'));
      }
      for (const b of batch) b.done();
    }
    running = false;
  }

  function schedule() {
    if (running || scheduled) return;
    scheduled = true;
    const wait = lastStart + windowMs - performance.now();
    if (wait > 0) setTimeout(() => void flush(), wait);
    else setImmediate(() => void flush());
  }

  return {
    /** Resolves once the turn is stored (or its failure logged); never rejects. */
    write(turn: TurnRow): Promise<void> {
      return new Promise<void>((done) => {
        queue.push({ turn, done });
        schedule();
      });
    },
  };
}

export type TurnWriter = ReturnType<typeof createTurnWriter>;

const writers = new WeakMap<Db, TurnWriter>();
/** One writer per database. */
export function turnWriterFor(db: Db, logger: Logger): TurnWriter {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = createTurnWriter(db, logger)));
  return w;
}

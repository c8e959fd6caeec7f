import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Handoff, HandoffSource } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { handoffs } from '../db/schema';
import { conversationChannel } from '../conversations/live';
import { emitEvent } from '../events/emit';

export type HandoffRow = typeof handoffs.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A request for a person as members see it. */
export function handoffWire(row: HandoffRow): Handoff {
  return {
    id: row.id,
    reason: row.reason,
    summary: row.summary,
    summary_source: row.summarySource,
    source: row.source,
    requested_at: row.requestedAt.toISOString(),
    in_hours: row.inHours,
    taken_at: iso(row.takenAt),
    taken_by: row.takenBy ? { user_id: row.takenBy, name: row.takenByName ?? '' } : null,
    first_reply_at: iso(row.firstReplyAt),
    transferred_to: row.transferredTo,
  };
}

/** A stored row as raw SQL answers it (snake_case, dates as Date or text). */
export function handoffFromSql(r: Record<string, unknown>, prefix = 'ho_'): Handoff | null {
  const v = (k: string) => r[`${prefix}${k}`];
  if (!v('id')) return null;
  const date = (x: unknown) =>
    x === null || x === undefined
      ? null
      : (x instanceof Date ? x : new Date(String(x))).toISOString();
  return {
    id: String(v('id')),
    reason: String(v('reason') ?? ''),
    summary: String(v('summary') ?? ''),
    summary_source: v('summary_source') === 'model' ? 'model' : 'last_messages',
    source: v('source') === 'visitor' ? 'visitor' : 'agent',
    requested_at: date(v('requested_at'))!,
    in_hours: Boolean(v('in_hours')),
    taken_at: date(v('taken_at')),
    taken_by: v('taken_by')
      ? { user_id: String(v('taken_by')), name: String(v('taken_by_name') ?? '') }
      : null,
    first_reply_at: date(v('first_reply_at')),
    transferred_to: (v('transferred_to') as string | null) ?? null,
  };
}

/** The columns of a conversation's open request over `handoffs ho` (see handoffFromSql). */
export const handoffColumns = sql`ho.id AS ho_id, ho.reason AS ho_reason, ho.summary AS ho_summary,
  ho.summary_source AS ho_summary_source, ho.source AS ho_source,
  ho.requested_at AS ho_requested_at, ho.in_hours AS ho_in_hours, ho.taken_at AS ho_taken_at,
  ho.taken_by AS ho_taken_by, ho.taken_by_name AS ho_taken_by_name,
  ho.first_reply_at AS ho_first_reply_at, ho.transferred_to AS ho_transferred_to`;

export interface NewHandoff {
  conversationId: string;
  organizationId: string;
  agentName: string | null;
  channel: string;
  endUser: string;
  source: HandoffSource;
  reason: string;
  summary: string;
  inHours: boolean;
  /** A call put through to a member's phone. */
  transfer?: { userId: string; name: string; number: string };
}

/**
 * Opens the conversation's request for a person, unless one is open already (then that one is
 * answered, `created` false). In one transaction: the row, the `handoff.requested` event, and the
 * inbox's live event (NOTIFY, delivered when it commits).
 */
export async function openHandoff(
  db: Db,
  input: NewHandoff,
): Promise<{ row: HandoffRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = rowsOf(
      await tx.execute(sql`INSERT INTO handoffs (conversation_id, organization_id, agent_name,
          channel, source, reason, summary, in_hours, transferred_to,
          transferred_user_id)
        VALUES (${input.conversationId}::uuid, ${input.organizationId}, ${input.agentName},
          ${input.channel}, ${input.source}, ${input.reason}, ${input.summary}, ${input.inHours}, ${input.transfer?.number ?? null}::text,
          ${input.transfer?.userId ?? null}::text)
        ON CONFLICT (conversation_id) WHERE closed_at IS NULL DO NOTHING
        RETURNING id`),
    );
    const [row] = await tx
      .select()
      .from(handoffs)
      .where(and(eq(handoffs.conversationId, input.conversationId), isNull(handoffs.closedAt)))
      .limit(1);
    if (!inserted) return { row: row!, created: false };
    await emitEvent(tx, {
      type: 'handoff.requested',
      organizationId: input.organizationId,
      data: {
        handoff_id: row!.id,
        conversation_id: input.conversationId,
        agent_name: input.agentName,
        channel: input.channel,
        contact: input.endUser,
        source: input.source,
        reason: input.reason,
        in_hours: input.inHours,
        requested_at: row!.requestedAt.toISOString(),
      },
    });
    const payload = JSON.stringify({
      c: input.conversationId,
      o: input.organizationId,
      k: 'handoff',
    });
    await tx.execute(sql`SELECT pg_notify(${conversationChannel}, ${payload})`);
    return { row: row!, created: true };
  });
}

/** The conversation's request waiting for a person (nobody has taken it), or null. */
export async function waitingHandoff(db: Db, conversationId: string): Promise<HandoffRow | null> {
  const [row] = await db
    .select()
    .from(handoffs)
    .where(
      and(
        eq(handoffs.conversationId, conversationId),
        isNull(handoffs.closedAt),
        isNull(handoffs.takenAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

type Tx = Pick<Db, 'execute'>;

/** A member took the conversation over: its waiting request is theirs now. */
export async function handoffTaken(
  tx: Tx,
  conversationId: string,
  member: { id: string; name: string },
): Promise<void> {
  await tx.execute(sql`UPDATE handoffs SET taken_at = now(), taken_by = ${member.id},
      taken_by_name = ${member.name}
    WHERE conversation_id = ${conversationId} AND closed_at IS NULL AND taken_at IS NULL`);
}

/** Handed back to the agent: the request is closed. */
export async function handoffClosed(tx: Tx, conversationId: string): Promise<void> {
  await tx.execute(sql`UPDATE handoffs SET closed_at = now()
    WHERE conversation_id = ${conversationId} AND closed_at IS NULL`);
}

/** A member's reply: the first one after the request is its time to a person. */
export async function handoffAnswered(tx: Tx, conversationId: string): Promise<void> {
  await tx.execute(sql`UPDATE handoffs SET first_reply_at = now()
    WHERE conversation_id = ${conversationId} AND closed_at IS NULL AND first_reply_at IS NULL`);
}

/**
 * A call put through to the member on duty (request_human on a call): the request is answered
 * and closed at the transfer (the call leaves this server), by that member.
 */
export async function handoffTransferred(db: Db, conversationId: string, number: string) {
  const rows = rowsOf(
    await db.execute(sql`UPDATE handoffs h SET taken_at = coalesce(h.taken_at, now()),
        first_reply_at = coalesce(h.first_reply_at, now()), closed_at = now(),
        taken_by = coalesce(h.taken_by, h.transferred_user_id),
        taken_by_name = coalesce(h.taken_by_name,
          (SELECT u.name FROM "user" u WHERE u.id = h.transferred_user_id))
      WHERE h.conversation_id = ${conversationId} AND h.closed_at IS NULL
        AND h.transferred_to = ${number}
      RETURNING h.id, h.summary, h.reason`),
  );
  return rows[0]
    ? { id: String(rows[0].id), summary: String(rows[0].summary), reason: String(rows[0].reason) }
    : null;
}

import { sql, type SQL } from 'drizzle-orm';
import { purgeKinds, type PurgeCounts } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * What a purge removes of an organization's data older than a cutoff (docs/privacy.md,
 * "Retention"), in phases of small batches, each batch one short transaction (the database stays
 * free for the channels between them): whole conversations without activity since the cutoff
 * (their messages first, a thousand at a time; then the conversations, with everything that
 * hangs on them: mail fields, queued replies, holds, read marks, handoffs, outcomes), then older
 * messages of conversations still going, finished test runs (their transcripts), finished mail
 * sends (their bodies), the sandbox outboxes and visitor send records, finished scheduled calls.
 * Every batch finds its rows afresh (what is gone is not found again): a purge stopped anywhere
 * goes on where it stopped. The audit log is never touched (and the database refuses it).
 */

/** Rows a batch removes at most (messages; conversations per batch are fewer). */
export const batchSize = 1000;
const conversationsPerBatch = 20;

type Executor = Pick<Db, 'execute'>;
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const num = (rows: Record<string, unknown>[], key = 'n') => Number(rows[0]?.[key] ?? 0);

export function emptyCounts(): PurgeCounts {
  return Object.fromEntries(purgeKinds.map((k) => [k, 0])) as PurgeCounts;
}

export function addCounts(a: PurgeCounts, b: Partial<PurgeCounts>): PurgeCounts {
  const out = { ...a };
  for (const k of purgeKinds) out[k] = (a[k] ?? 0) + (b[k] ?? 0);
  return out;
}

/** Conversations with nothing since the cutoff. */
const oldConversations = (orgId: string, cutoff: Date) => sql`
  c.organization_id = ${orgId} AND c.updated_at < ${ts(cutoff)}
  AND NOT EXISTS (SELECT 1 FROM messages n WHERE n.conversation_id = c.id AND n.created_at >= ${ts(cutoff)})`;

/** Messages older than the cutoff in conversations that go on (begun before it). */
const oldMessagesOfLiveConversations = (orgId: string, cutoff: Date) => sql`
  FROM conversations c JOIN messages m ON m.conversation_id = c.id
  WHERE c.organization_id = ${orgId} AND c.created_at < ${ts(cutoff)} AND m.created_at < ${ts(cutoff)}`;

/** A simple kind: rows of one table, the organization's, older than the cutoff and finished. */
interface TableKind {
  kind: (typeof purgeKinds)[number];
  table: string;
  where: (orgId: string, cutoff: Date) => SQL;
}

const tableKinds: TableKind[] = [
  {
    kind: 'test_runs',
    table: 'agent_test_runs',
    where: (o, c) =>
      sql`organization_id = ${o} AND created_at < ${ts(c)} AND status NOT IN ('queued', 'running')`,
  },
  {
    kind: 'mail_sends',
    table: 'mail_sends',
    where: (o, c) =>
      sql`organization_id = ${o} AND created_at < ${ts(c)} AND status NOT IN ('pending', 'sending')`,
  },
  {
    kind: 'outbox',
    table: 'telephony_outbox',
    where: (o, c) => sql`organization_id = ${o} AND created_at < ${ts(c)}`,
  },
  {
    kind: 'outbox',
    table: 'mail_outbox',
    where: (o, c) => sql`organization_id = ${o} AND created_at < ${ts(c)}`,
  },
  {
    kind: 'outbox',
    table: 'visitor_sends',
    where: (o, c) => sql`organization_id = ${o} AND created_at < ${ts(c)}`,
  },
  {
    kind: 'scheduled_calls',
    table: 'scheduled_events',
    where: (o, c) =>
      sql`organization_id = ${o} AND created_at < ${ts(c)} AND status NOT IN ('scheduled', 'in_progress')`,
  },
];

/** One batch of a phase: what it removed, and whether the phase has more. */
export interface Step {
  removed: Partial<PurgeCounts>;
  more: boolean;
}

export interface Phase {
  name: string;
  step(tx: Executor, orgId: string, cutoff: Date): Promise<Step>;
}

/**
 * Whole old conversations, twenty at a time. When their messages are few (the usual case), one
 * statement deletes the conversations and, by cascade, their messages and everything hanging on
 * them, with the per-message analytics bookkeeping off for the transaction (drizzle/0043: the
 * hourly rows go with the conversations). Otherwise a thousand of their messages at a time first,
 * each kept in the analytics as it goes, as any deletion of messages is.
 */
const conversationsPhase: Phase = {
  name: 'conversations',
  async step(tx, orgId, cutoff) {
    const doomed = rowsOf(
      await tx.execute(sql`SELECT c.id FROM conversations c WHERE ${oldConversations(orgId, cutoff)}
        ORDER BY c.updated_at, c.id LIMIT ${conversationsPerBatch} FOR UPDATE OF c SKIP LOCKED`),
    ).map((r) => String(r.id));
    if (!doomed.length) return { removed: {}, more: false };
    const ids = sql`(${sql.join(
      doomed.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
    const held = num(
      rowsOf(
        await tx.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM messages
          WHERE conversation_id IN ${ids} LIMIT ${batchSize + 1}) m`),
      ),
    );
    if (held > batchSize) {
      const messages = num(
        rowsOf(
          await tx.execute(sql`WITH gone AS (DELETE FROM messages WHERE id IN (
            SELECT id FROM messages WHERE conversation_id IN ${ids} LIMIT ${batchSize}) RETURNING 1)
            SELECT count(*)::int AS n FROM gone`),
        ),
      );
      return { removed: { messages }, more: true };
    }
    await tx.execute(sql`SELECT set_config('parley.purging_conversations', 'on', true)`);
    // The statement's other parts see the rows as they were before it: the counts of what went.
    const convs = rowsOf(
      await tx.execute(sql`WITH gone AS (DELETE FROM conversations c WHERE c.id IN ${ids}
          AND ${oldConversations(orgId, cutoff)} RETURNING c.id, c.channel)
        SELECT count(*)::int AS n, count(*) FILTER (WHERE channel = 'voice')::int AS calls,
          (SELECT count(*) FROM conversation_analyses a
            WHERE a.conversation_id IN (SELECT id FROM gone))::int AS outcomes,
          (SELECT count(*) FROM messages m
            WHERE m.conversation_id IN (SELECT id FROM gone))::int AS messages FROM gone`),
    );
    await tx.execute(sql`SELECT set_config('parley.purging_conversations', 'off', true)`);
    return {
      removed: {
        messages: num(convs, 'messages'),
        conversations: num(convs),
        calls: num(convs, 'calls'),
        outcomes: num(convs, 'outcomes'),
      },
      more: doomed.length >= conversationsPerBatch,
    };
  },
};

/** Older messages of conversations still going. */
const messagesPhase: Phase = {
  name: 'messages',
  async step(tx, orgId, cutoff) {
    const n = num(
      rowsOf(
        await tx.execute(sql`WITH gone AS (DELETE FROM messages WHERE id IN (
          SELECT m.id ${oldMessagesOfLiveConversations(orgId, cutoff)}
          LIMIT ${batchSize} FOR UPDATE OF m SKIP LOCKED) RETURNING 1)
          SELECT count(*)::int AS n FROM gone`),
      ),
    );
    return { removed: { messages: n }, more: n >= batchSize };
  },
};

const tablePhase = (k: TableKind): Phase => ({
  name: k.table,
  async step(tx, orgId, cutoff) {
    const table = sql.identifier(k.table);
    const n = num(
      rowsOf(
        await tx.execute(sql`WITH gone AS (DELETE FROM ${table} WHERE id IN (
          SELECT id FROM ${table} WHERE ${k.where(orgId, cutoff)}
          LIMIT ${batchSize} FOR UPDATE SKIP LOCKED) RETURNING 1)
          SELECT count(*)::int AS n FROM gone`),
      ),
    );
    return { removed: { [k.kind]: n }, more: n >= batchSize };
  },
});

/** The phases in order. */
export const purgePhases: Phase[] = [
  conversationsPhase,
  messagesPhase,
  ...tableKinds.map(tablePhase),
];

/** What a purge would remove now (a dry run): the same sets, counted. */
export async function countPurge(db: Executor, orgId: string, cutoff: Date): Promise<PurgeCounts> {
  const [row] = rowsOf(
    await db.execute(sql`WITH doomed AS (
        SELECT c.id, c.channel FROM conversations c WHERE ${oldConversations(orgId, cutoff)})
      SELECT
        (SELECT count(*) FROM doomed)::int AS conversations,
        (SELECT count(*) FROM doomed WHERE channel = 'voice')::int AS calls,
        (SELECT count(*) FROM conversation_analyses
          WHERE conversation_id IN (SELECT id FROM doomed))::int AS outcomes,
        ((SELECT count(*) FROM messages WHERE conversation_id IN (SELECT id FROM doomed))
          + (SELECT count(*) ${oldMessagesOfLiveConversations(orgId, cutoff)}
             AND c.id NOT IN (SELECT id FROM doomed)))::int AS messages`),
  );
  let counts = addCounts(emptyCounts(), {
    conversations: Number(row?.conversations ?? 0),
    calls: Number(row?.calls ?? 0),
    outcomes: Number(row?.outcomes ?? 0),
    messages: Number(row?.messages ?? 0),
  });
  for (const k of tableKinds) {
    const n = num(
      rowsOf(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(k.table)} WHERE ${k.where(orgId, cutoff)}`,
        ),
      ),
    );
    counts = addCounts(counts, { [k.kind]: n });
  }
  return counts;
}

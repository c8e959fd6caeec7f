import { sql, type SQL } from 'drizzle-orm';
import type { AgentAnalytics } from '@parley/api-client';
import type { Db } from '../db/client';

/** The figures of an analytics answer, from the rows of the SQL that counts them. */
export type Row = Record<string, unknown>;

export const n = (v: unknown) => Number(v ?? 0);
export const nullable = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/**
 * The voice calls `where` picks (a condition on conversations): their totals (the empty grouping
 * set, `whole` 1) and their count per end reason (`whole` 0) in one scan; read by callsOf.
 */
export function callsQuery(db: Db, where: SQL) {
  return db.execute(sql`SELECT GROUPING(reason) AS whole, reason, count(*) AS count,
      coalesce(sum(d), 0) AS total,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY d) AS p50,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY d) AS p95
    FROM (SELECT extract(epoch from (ended_at - created_at)) AS d,
        coalesce(end_reason, ended_by, CASE WHEN ended_at IS NULL THEN 'in progress' END, 'unknown') AS reason
      FROM conversations
      WHERE ${where}) k
    GROUP BY GROUPING SETS ((), (reason))
    ORDER BY 1 DESC, count(*) DESC, reason`);
}

/** The calls figures from callsQuery's rows. */
export function callsOf(rows: readonly Row[]): AgentAnalytics['calls'] {
  const totals = rows.find((r) => n(r.whole) === 1);
  return {
    count: n(totals?.count),
    duration_s: { total: n(totals?.total), p50: nullable(totals?.p50), p95: nullable(totals?.p95) },
    end_reasons: rows
      .filter((r) => n(r.whole) === 0)
      .map((r) => ({ reason: String(r.reason), count: n(r.count) })),
  };
}

/** Takeovers per member (rows of user_id, name, count) and in all. */
export function handoffsOf(rows: readonly Row[]): AgentAnalytics['handoffs'] {
  return {
    total: rows.reduce((sum, r) => sum + n(r.count), 0),
    by_member: rows.map((r) => ({
      user_id: String(r.user_id),
      name: String(r.name),
      count: n(r.count),
    })),
  };
}

/** The chart's points (rows of at, channel, conversations, messages). */
export function seriesOf(rows: readonly Row[]): AgentAnalytics['series'] {
  return rows.map((r) => ({
    at: iso(r.at),
    channel: r.channel as AgentAnalytics['series'][number]['channel'],
    conversations: n(r.conversations),
    messages: n(r.messages),
  }));
}

/** The questions the agent could not answer (rows of conversation_id, question, reason, created_at). */
export function unansweredOf(rows: readonly Row[]): AgentAnalytics['unanswered'] {
  return rows.map((r) => ({
    conversation_id: String(r.conversation_id),
    question: String(r.question ?? ''),
    reason: r.reason as 'offline' | 'no_passages' | 'error',
    created_at: iso(r.created_at),
  }));
}

/** The totals (rows' conversations, messages, agent_answers, answered_ok). */
export function totalsOf(row: Row | undefined): AgentAnalytics['totals'] {
  const agentAnswers = n(row?.agent_answers);
  return {
    conversations: n(row?.conversations),
    messages: n(row?.messages),
    agent_answers: agentAnswers,
    answered_without_error: n(row?.answered_ok),
    answered_share: agentAnswers ? n(row?.answered_ok) / agentAnswers : null,
  };
}

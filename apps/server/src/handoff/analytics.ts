import { sql } from 'drizzle-orm';
import type { AgentAnalytics } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export type HandoffFigures = AgentAnalytics['handoff_requests'];

const n = (v: unknown) => Number(v ?? 0);
const nullable = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dayOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * An agent's requests for a person in a period: how many (by the agent, by the visitor), the
 * share of the period's conversations handed off, and time to a person (request → first member
 * reply, seconds; percentile_cont) — in all and by UTC day. `conversations` are the period's
 * conversations in all and by day (from the analytics rollups the caller read).
 */
export async function handoffFigures(
  db: Db,
  input: {
    agentName: string;
    since: Date;
    until: Date;
    conversations: number;
    conversationsByDay: Map<string, number>;
  },
): Promise<HandoffFigures> {
  const rows = rowsOf(
    await db.execute(sql`SELECT GROUPING(day) AS whole, day, count(*) AS total,
        count(*) FILTER (WHERE source = 'agent') AS by_agent,
        count(*) FILTER (WHERE source = 'visitor') AS by_visitor,
        count(DISTINCT conversation_id) AS conversations,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY wait) AS p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY wait) AS p95
      FROM (SELECT parley_analytics_day(requested_at) AS day, source, conversation_id,
          extract(epoch from (first_reply_at - requested_at)) AS wait
        FROM handoffs
        WHERE agent_name = ${input.agentName}
          AND requested_at >= ${input.since.toISOString()}::timestamptz
          AND requested_at <= ${input.until.toISOString()}::timestamptz) h
      GROUP BY GROUPING SETS ((), (day))
      ORDER BY 1 DESC, day`),
  );
  const all = rows.find((r) => n(r.whole) === 1);
  return {
    total: n(all?.total),
    by_agent: n(all?.by_agent),
    by_visitor: n(all?.by_visitor),
    share: all ? share(n(all.conversations), input.conversations) : null,
    time_to_person_s: { p50: nullable(all?.p50), p95: nullable(all?.p95) },
    by_day: rows
      .filter((r) => n(r.whole) === 0)
      .map((r) => {
        const day = dayOf(r.day);
        return {
          day,
          requests: n(r.total),
          conversations: n(r.conversations),
          share: share(n(r.conversations), input.conversationsByDay.get(day) ?? 0),
          time_to_person_s: { p50: nullable(r.p50), p95: nullable(r.p95) },
        };
      }),
  };
}

/** The period's conversations by UTC day: from the daily series, or (24 h) the hourly rollup. */
export async function conversationsByDay(
  db: Db,
  input: {
    agentName: string;
    since: Date;
    until: Date;
    bucket: 'hour' | 'day';
    series: Array<{ at: string; conversations: number }>;
  },
): Promise<Map<string, number>> {
  const byDay = new Map<string, number>();
  if (input.bucket === 'day') {
    for (const s of input.series) byDay.set(s.at, (byDay.get(s.at) ?? 0) + s.conversations);
    return byDay;
  }
  const rows = rowsOf(
    await db.execute(sql`SELECT parley_analytics_day(hour) AS day,
        count(DISTINCT conversation_id) AS conversations
      FROM analytics_hours
      WHERE agent_name = ${input.agentName} AND hour >= ${input.since.toISOString()}::timestamptz
        AND hour <= ${input.until.toISOString()}::timestamptz AND messages > 0
      GROUP BY 1`),
  );
  for (const r of rows) byDay.set(dayOf(r.day), n(r.conversations));
  return byDay;
}

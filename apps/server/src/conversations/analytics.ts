import { sql } from 'drizzle-orm';
import type { AgentAnalytics, AnalyticsPeriod } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** The length of each period and the width of its chart's buckets. */
export const periods: Record<AnalyticsPeriod, { hours: number; bucket: 'hour' | 'day' }> = {
  '24h': { hours: 24, bucket: 'hour' },
  '7d': { hours: 24 * 7, bucket: 'day' },
  '30d': { hours: 24 * 30, bucket: 'day' },
};

/** Lists in the answer are capped (the most retrieved passages, the unanswered questions …). */
export const listLimit = 20;

const n = (v: unknown) => Number(v ?? 0);
const nullable = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
const excerpt = (text: unknown) => String(text ?? '').slice(0, 200);

/** The start of a period: the start of the UTC hour `hours` before `now` (the rollup is hourly). */
export function periodStart(period: AnalyticsPeriod, now: Date): Date {
  const hour = 3600_000;
  return new Date(Math.floor((now.getTime() - periods[period].hours * hour) / hour) * hour);
}

/**
 * An agent's figures over a period (from the start of the UTC hour the period's length ago up to
 * `now`), all by aggregate SQL over the stored conversations: the messages through the hourly
 * rollup the messages' own transactions keep (`analytics_hours`: distinct conversations stay
 * exact), the exact p50/p95 and the unanswered questions through `analytics_turns` (one narrow
 * row per answer with a figure), handoffs from the takeover events, calls from the voice
 * conversations started in the period, knowledge from the passages' hit counts (all time: they
 * are not kept per turn). Migration 0021 holds the triggers that keep the rollup.
 */
export async function agentAnalytics(
  db: Db,
  agent: { agentName: string; knowledgeBaseIds: string[] },
  period: AnalyticsPeriod,
  now = new Date(),
): Promise<AgentAnalytics> {
  const { bucket } = periods[period];
  const since = periodStart(period, now);
  const a = agent.agentName;
  const s = since.toISOString();
  const until = now.toISOString();
  const kbs = agent.knowledgeBaseIds;

  // Totals (the empty grouping set) and the series per bucket and channel in one scan. The
  // bucket is one of two words (no parameter: GROUP BY must see the same expression).
  const at = sql.raw(`date_trunc('${bucket}', hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`);
  const grouped = rowsOf(
    await db.execute(sql`SELECT GROUPING(channel) AS whole,
        ${at} AS at, channel,
        count(DISTINCT conversation_id) AS conversations, sum(messages) AS messages,
        sum(agent_answers) AS agent_answers, sum(answered_ok) AS answered_ok
      FROM analytics_hours
      WHERE agent_name = ${a} AND hour >= ${s}::timestamptz AND hour <= ${until}::timestamptz
        AND messages > 0
      GROUP BY GROUPING SETS ((), (${at}, channel))
      ORDER BY 1, 2, 3`),
  );
  const totals = grouped.find((r) => n(r.whole) === 1);
  const series = grouped.filter((r) => n(r.whole) === 0);
  const [latency] = rowsOf(
    await db.execute(sql`SELECT
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ttft_ms) AS ttft_p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY ttft_ms) AS ttft_p95,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY voice_ms) AS voice_p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY voice_ms) AS voice_p95
      FROM analytics_turns
      WHERE agent_name = ${a} AND at >= ${s}::timestamptz AND at <= ${until}::timestamptz`),
  );
  const handoffs = rowsOf(
    await db.execute(sql`SELECT user_id, min(user_name) AS name, count(*) AS count
      FROM conversation_events
      WHERE agent_name = ${a} AND kind = 'takeover' AND created_at >= ${s}::timestamptz
      GROUP BY user_id ORDER BY count(*) DESC, min(user_name)`),
  );
  const calls = sql`(SELECT extract(epoch from (ended_at - created_at)) AS d,
      coalesce(end_reason, ended_by, CASE WHEN ended_at IS NULL THEN 'in progress' END, 'unknown') AS reason
    FROM conversations
    WHERE agent_name = ${a} AND channel = 'voice' AND created_at >= ${s}::timestamptz
      AND created_at <= ${until}::timestamptz)`;
  const [callTotals] = rowsOf(
    await db.execute(sql`SELECT count(*) AS count, coalesce(sum(d), 0) AS total,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY d) AS p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY d) AS p95
      FROM ${calls} k`),
  );
  const endReasons = rowsOf(
    await db.execute(sql`SELECT reason, count(*) AS count FROM ${calls} k
      GROUP BY reason ORDER BY count(*) DESC, reason`),
  );
  const inKbs = kbs.length
    ? sql`s.knowledge_base_id IN (${sql.join(
        kbs.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND s.enabled`
    : sql`false`;
  const most = rowsOf(
    await db.execute(sql`SELECT s.id, s.content, s.hit_count, d.name AS document
      FROM segments s JOIN documents d ON d.id = s.document_id
      WHERE ${inKbs} AND s.hit_count > 0 ORDER BY s.hit_count DESC, s.id LIMIT ${listLimit}`),
  );
  const never = rowsOf(
    await db.execute(sql`SELECT s.id, s.content, d.name AS document, count(*) OVER () AS total
      FROM segments s JOIN documents d ON d.id = s.document_id
      WHERE ${inKbs} AND s.hit_count = 0 ORDER BY d.name, s.position LIMIT ${listLimit}`),
  );
  // The questions the agent could not answer: its answer came from the offline responder, failed,
  // or drew on no passage although the agent has knowledge bases (a partial index each).
  const unanswered = rowsOf(
    await db.execute(sql`SELECT t.conversation_id, t.at AS created_at, t.unanswered AS reason,
        (SELECT q.content FROM messages q WHERE q.conversation_id = t.conversation_id
           AND q.role = 'user' AND q.created_at <= t.at
           ORDER BY q.created_at DESC LIMIT 1) AS question
      FROM analytics_turns t
      WHERE t.agent_name = ${a} AND t.at >= ${s}::timestamptz AND t.at <= ${until}::timestamptz
        AND ${kbs.length ? sql`t.unanswered IS NOT NULL` : sql`t.unanswered <> 'no_passages'`}
      ORDER BY t.at DESC LIMIT ${listLimit}`),
  );

  const agentAnswers = n(totals?.agent_answers);
  return {
    agent_id: a,
    period,
    from: since.toISOString(),
    to: now.toISOString(),
    bucket,
    totals: {
      conversations: n(totals?.conversations),
      messages: n(totals?.messages),
      agent_answers: agentAnswers,
      answered_without_error: n(totals?.answered_ok),
      answered_share: agentAnswers ? n(totals?.answered_ok) / agentAnswers : null,
    },
    series: series.map((r) => ({
      at: iso(r.at),
      channel: r.channel as AgentAnalytics['series'][number]['channel'],
      conversations: n(r.conversations),
      messages: n(r.messages),
    })),
    handoffs: {
      total: handoffs.reduce((sum, r) => sum + n(r.count), 0),
      by_member: handoffs.map((r) => ({
        user_id: String(r.user_id),
        name: String(r.name),
        count: n(r.count),
      })),
    },
    model_ttft_ms: { p50: nullable(latency?.ttft_p50), p95: nullable(latency?.ttft_p95) },
    voice_latency_ms: { p50: nullable(latency?.voice_p50), p95: nullable(latency?.voice_p95) },
    calls: {
      count: n(callTotals?.count),
      duration_s: {
        total: n(callTotals?.total),
        p50: nullable(callTotals?.p50),
        p95: nullable(callTotals?.p95),
      },
      end_reasons: endReasons.map((r) => ({ reason: String(r.reason), count: n(r.count) })),
    },
    knowledge: {
      most_retrieved: most.map((r) => ({
        segment_id: String(r.id),
        document: (r.document as string | null) ?? null,
        excerpt: excerpt(r.content),
        hits: n(r.hit_count),
      })),
      never_retrieved: never.map((r) => ({
        segment_id: String(r.id),
        document: (r.document as string | null) ?? null,
        excerpt: excerpt(r.content),
      })),
      never_retrieved_count: n(never[0]?.total),
    },
    unanswered: unanswered.map((r) => ({
      conversation_id: String(r.conversation_id),
      question: String(r.question ?? ''),
      reason: r.reason as 'offline' | 'no_passages' | 'error',
      created_at: iso(r.created_at),
    })),
  };
}

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

/**
 * An agent's figures over a period, all from the stored conversations by aggregate SQL: the
 * conversations active in the period (their `updated_at`, indexed with the agent) and their
 * messages written in it; handoffs from the takeover events; calls from the voice conversations
 * started in it; knowledge from the passages' hit counts (all time: they are not kept per turn).
 */
export async function agentAnalytics(
  db: Db,
  agent: { agentName: string; knowledgeBaseIds: string[] },
  period: AnalyticsPeriod,
  now = new Date(),
): Promise<AgentAnalytics> {
  const { hours, bucket } = periods[period];
  const since = new Date(now.getTime() - hours * 3600_000);
  const a = agent.agentName;
  const s = since.toISOString();
  // The agent's conversations active in the period (conversations_agent_idx), then each one's
  // messages of the period through messages_conversation_idx. OFFSET 0 keeps the planner from
  // flattening the lateral subquery into a hash join over a scan of every message.
  const periodMessages = sql`(SELECT c.id AS conversation_id, c.channel, m.role, m.author, m.error,
      m.offline, m.metadata, m.created_at
    FROM conversations c
    CROSS JOIN LATERAL (SELECT mm.role, mm.author, mm.error, mm.offline, mm.metadata, mm.created_at
      FROM messages mm WHERE mm.conversation_id = c.id
        AND mm.created_at >= ${s}::timestamptz AND mm.created_at <= ${now.toISOString()}::timestamptz
      OFFSET 0) m
    WHERE c.agent_name = ${a} AND c.updated_at >= ${s}::timestamptz)`;
  const agentAnswer = sql`role = 'assistant' AND coalesce(author, 'agent') = 'agent'`;

  const [totals] = rowsOf(
    await db.execute(sql`SELECT count(DISTINCT conversation_id) AS conversations,
        count(*) AS messages,
        count(*) FILTER (WHERE ${agentAnswer}) AS agent_answers,
        count(*) FILTER (WHERE ${agentAnswer} AND error IS NULL) AS answered_ok,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY (metadata->>'llm_ttft_ms')::float8)
          FILTER (WHERE metadata ? 'llm_ttft_ms') AS ttft_p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY (metadata->>'llm_ttft_ms')::float8)
          FILTER (WHERE metadata ? 'llm_ttft_ms') AS ttft_p95,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY (metadata->>'latency_ms')::float8)
          FILTER (WHERE channel = 'voice' AND metadata ? 'latency_ms') AS voice_p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY (metadata->>'latency_ms')::float8)
          FILTER (WHERE channel = 'voice' AND metadata ? 'latency_ms') AS voice_p95
      FROM ${periodMessages} pm`),
  );
  const series = rowsOf(
    await db.execute(sql`SELECT
        date_trunc(${bucket}, created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, channel,
        count(DISTINCT conversation_id) AS conversations, count(*) AS messages
      FROM ${periodMessages} pm GROUP BY 1, 2 ORDER BY 1, 2`),
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
    WHERE agent_name = ${a} AND channel = 'voice' AND created_at >= ${s}::timestamptz)`;
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
  const kbs = agent.knowledgeBaseIds;
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
  // or drew on no passage although the agent has knowledge bases.
  const unanswered = rowsOf(
    await db.execute(sql`SELECT pm.conversation_id, pm.created_at,
        CASE WHEN pm.error IS NOT NULL THEN 'error'
             WHEN pm.offline THEN 'offline' ELSE 'no_passages' END AS reason,
        (SELECT q.content FROM messages q WHERE q.conversation_id = pm.conversation_id
           AND q.role = 'user' AND q.created_at <= pm.created_at
           ORDER BY q.created_at DESC LIMIT 1) AS question
      FROM ${periodMessages} pm
      WHERE ${agentAnswer} AND coalesce(metadata->>'kind', 'answer') = 'answer'
        AND (error IS NOT NULL OR offline
          OR ${sql.raw(kbs.length ? 'true' : 'false')} AND metadata->>'retrieved' = '0')
      ORDER BY pm.created_at DESC LIMIT ${listLimit}`),
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
    model_ttft_ms: { p50: nullable(totals?.ttft_p50), p95: nullable(totals?.ttft_p95) },
    voice_latency_ms: { p50: nullable(totals?.voice_p50), p95: nullable(totals?.voice_p95) },
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

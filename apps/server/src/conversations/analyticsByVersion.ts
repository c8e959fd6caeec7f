import { sql } from 'drizzle-orm';
import type { AgentAnalytics, AnalyticsPeriod } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { agentAnalytics, listLimit, periods, periodStart } from './analytics';
import * as figures from './analyticsRows';

/**
 * An agent's figures over a period limited to what one version answered (`version`: '3' or
 * 'draft'), so a change's effect shows: the answers that version wrote and the conversations they
 * were in (a conversation that spans two versions counts for both), their messages in the period,
 * its model and voice latency, its unanswered questions, the calls it took and their handoffs.
 * The knowledge figures are the agent's (hit counts are not kept per answer). Read from the
 * messages themselves (the hourly rollups do not keep versions): each answer carries
 * `agent_version`.
 */
export async function agentAnalyticsForVersion(
  db: Db,
  agent: { agentName: string; knowledgeBaseIds: string[] },
  period: AnalyticsPeriod,
  version: string,
  now = new Date(),
): Promise<AgentAnalytics> {
  const all = await agentAnalytics(db, agent, period, now);
  const { bucket } = periods[period];
  const a = agent.agentName;
  const s = periodStart(period, now).toISOString();
  const until = now.toISOString();
  const kbs = agent.knowledgeBaseIds.length > 0;
  // The version's answers in the period (an index scan of the agent's conversations' messages).
  const answers = sql`SELECT m.id, m.conversation_id, m.created_at, m.error, m.offline, m.metadata,
      c.channel FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE c.agent_name = ${a} AND m.role = 'assistant' AND coalesce(m.author, 'agent') = 'agent'
      AND m.agent_version = ${version}
      AND m.created_at >= ${s}::timestamptz AND m.created_at <= ${until}::timestamptz`;
  const unit = bucket === 'hour' ? sql`'hour'` : sql`'day'`;
  const [figuresR, seriesR, handoffsR, callsR, unansweredR] = await Promise.all([
    db.execute(sql`WITH ans AS (${answers}),
        conv AS (SELECT DISTINCT conversation_id FROM ans)
      SELECT (SELECT count(*) FROM conv) AS conversations,
        (SELECT count(*) FROM messages m JOIN conv ON conv.conversation_id = m.conversation_id
          WHERE m.created_at >= ${s}::timestamptz AND m.created_at <= ${until}::timestamptz) AS messages,
        (SELECT count(*) FROM ans) AS agent_answers,
        (SELECT count(*) FROM ans WHERE error IS NULL) AS answered_ok,
        (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM (
          SELECT parley_analytics_ms(metadata, 'llm_ttft_ms') AS v FROM ans) t WHERE v IS NOT NULL) AS ttft_p50,
        (SELECT percentile_cont(0.95) WITHIN GROUP (ORDER BY v) FROM (
          SELECT parley_analytics_ms(metadata, 'llm_ttft_ms') AS v FROM ans) t WHERE v IS NOT NULL) AS ttft_p95,
        (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM (
          SELECT parley_analytics_ms(metadata, 'latency_ms') AS v FROM ans WHERE channel = 'voice') t
          WHERE v IS NOT NULL) AS voice_p50,
        (SELECT percentile_cont(0.95) WITHIN GROUP (ORDER BY v) FROM (
          SELECT parley_analytics_ms(metadata, 'latency_ms') AS v FROM ans WHERE channel = 'voice') t
          WHERE v IS NOT NULL) AS voice_p95`),
    db.execute(sql`WITH conv AS (SELECT DISTINCT conversation_id, channel FROM (${answers}) ans)
      SELECT date_trunc(${unit}, m.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at,
        conv.channel, count(DISTINCT m.conversation_id) AS conversations, count(*) AS messages
      FROM messages m JOIN conv ON conv.conversation_id = m.conversation_id
      WHERE m.created_at >= ${s}::timestamptz AND m.created_at <= ${until}::timestamptz
      GROUP BY 1, 2 ORDER BY 1, 2`),
    db.execute(sql`SELECT e.user_id, min(e.user_name) AS name, count(*) AS count
      FROM conversation_events e
      WHERE e.agent_name = ${a} AND e.kind = 'takeover' AND e.created_at >= ${s}::timestamptz
        AND e.conversation_id IN (SELECT conversation_id FROM (${answers}) ans)
      GROUP BY e.user_id ORDER BY count(*) DESC, min(e.user_name)`),
    figures.callsQuery(
      db,
      sql`agent_name = ${a} AND channel = 'voice' AND agent_version = ${version}
          AND created_at >= ${s}::timestamptz AND created_at <= ${until}::timestamptz`,
    ),
    db.execute(sql`SELECT t.conversation_id, t.created_at, t.why AS reason,
        (SELECT q.content FROM messages q WHERE q.conversation_id = t.conversation_id
           AND q.role = 'user' AND q.created_at <= t.created_at
           ORDER BY q.created_at DESC LIMIT 1) AS question
      FROM (SELECT conversation_id, created_at,
          parley_analytics_unanswered('assistant', 'agent', error, offline, metadata) AS why
        FROM (${answers}) ans) t
      WHERE ${kbs ? sql`t.why IS NOT NULL` : sql`t.why <> 'no_passages'`}
      ORDER BY t.created_at DESC LIMIT ${listLimit}`),
  ]);
  const [f] = rowsOf(figuresR);
  return {
    ...all,
    agent_version: version === 'draft' ? 'draft' : Number(version),
    totals: figures.totalsOf(f),
    series: figures.seriesOf(rowsOf(seriesR)),
    handoffs: figures.handoffsOf(rowsOf(handoffsR)),
    model_ttft_ms: { p50: figures.nullable(f?.ttft_p50), p95: figures.nullable(f?.ttft_p95) },
    voice_latency_ms: { p50: figures.nullable(f?.voice_p50), p95: figures.nullable(f?.voice_p95) },
    calls: figures.callsOf(rowsOf(callsR)),
    unanswered: figures.unansweredOf(rowsOf(unansweredR)),
  };
}

import { sql } from 'drizzle-orm';
import type { AgentAnalytics, AnalyticsPeriod } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { bucketsHolding, percentileFromBuckets, type Counts } from './percentiles';
import { conversationsByDay, handoffFigures } from '../handoff/analytics';
import {
  callsOf,
  callsQuery,
  handoffsOf,
  n,
  nullable,
  seriesOf,
  totalsOf,
  unansweredOf,
} from './analyticsRows';

/** The length of each period and the width of its chart's buckets. */
export const periods: Record<AnalyticsPeriod, { hours: number; bucket: 'hour' | 'day' }> = {
  '24h': { hours: 24, bucket: 'hour' },
  '7d': { hours: 24 * 7, bucket: 'day' },
  '30d': { hours: 24 * 30, bucket: 'day' },
};

/** Lists in the answer are capped (the most retrieved passages, the unanswered questions …). */
export const listLimit = 20;

const excerpt = (text: unknown) => String(text ?? '').slice(0, 200);

/** The start of a period: the start of the UTC hour `hours` before `now` (the rollup is hourly). */
export function periodStart(period: AnalyticsPeriod, now: Date): Date {
  const hour = 3600_000;
  return new Date(Math.floor((now.getTime() - periods[period].hours * hour) / hour) * hour);
}

/** The start of the UTC day of `t`, and of the next one unless `t` starts a day. */
const dayFloor = (t: Date) => new Date(Math.floor(t.getTime() / 86_400_000) * 86_400_000);
const dayCeil = (t: Date) => new Date(Math.ceil(t.getTime() / 86_400_000) * 86_400_000);

/**
 * An agent's figures over a period (from the start of the UTC hour the period's length ago up to
 * `now`), all by aggregate SQL over the stored conversations through the rollups their messages'
 * own transactions keep (migrations 0021 and 0023): per agent, channel and hour the conversations
 * with messages, the messages, answers, answers without error and the conversations whose last
 * hour with messages it is (so a period's distinct conversations are one sum); per agent, channel
 * and day the conversations with messages (the daily chart; the period's first, partial day from
 * the per-conversation hours); per agent and day a histogram of whole milliseconds of time to
 * first token and of voice latency (the exact p50/p95 without sorting every answer; the partial
 * first and last days from the per-answer rows); the unanswered questions through
 * `analytics_turns`; handoffs from the takeover events, calls from the voice conversations
 * started in the period (index only), knowledge from the passages' hit counts (all time: they are
 * not kept per turn).
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
  // The whole UTC days inside the period: [d0, d1); before and after them, per-row data.
  const d0 = dayCeil(since).toISOString();
  const d1 = new Date(Math.max(dayFloor(now).getTime(), dayCeil(since).getTime())).toISOString();

  const totalsQ = db.execute(sql`SELECT coalesce(sum(ending), 0) AS conversations,
      coalesce(sum(messages) FILTER (WHERE hour <= ${until}::timestamptz), 0) AS messages,
      coalesce(sum(agent_answers) FILTER (WHERE hour <= ${until}::timestamptz), 0) AS agent_answers,
      coalesce(sum(answered_ok) FILTER (WHERE hour <= ${until}::timestamptz), 0) AS answered_ok
    FROM analytics_agent_hours WHERE agent_name = ${a} AND hour >= ${s}::timestamptz`);
  const seriesQ =
    bucket === 'hour'
      ? db.execute(sql`SELECT hour AS at, channel, conversations, messages
          FROM analytics_agent_hours
          WHERE agent_name = ${a} AND hour >= ${s}::timestamptz AND hour <= ${until}::timestamptz
            AND messages > 0
          ORDER BY 1, 2`)
      : db.execute(sql`WITH m AS (
            SELECT parley_analytics_day(hour) AS at, channel, sum(messages) AS messages
            FROM analytics_agent_hours
            WHERE agent_name = ${a} AND hour >= ${s}::timestamptz AND hour <= ${until}::timestamptz
            GROUP BY 1, 2 HAVING sum(messages) > 0),
          c AS (
            SELECT day AS at, channel, conversations FROM analytics_agent_days
            WHERE agent_name = ${a} AND day >= ${d0}::timestamptz AND day <= ${until}::timestamptz
            UNION ALL
            SELECT parley_analytics_day(hour), channel, count(DISTINCT conversation_id)
            FROM analytics_hours
            WHERE agent_name = ${a} AND hour >= ${s}::timestamptz AND hour < ${d0}::timestamptz
              AND messages > 0
            GROUP BY 1, 2)
          SELECT m.at, m.channel, coalesce(c.conversations, 0) AS conversations, m.messages
          FROM m LEFT JOIN c ON c.at = m.at AND c.channel = m.channel
          ORDER BY 1, 2`);
  // p50/p95: the bucket counts of the whole days and the answers of the partial ones say which
  // buckets hold the ranks; those buckets' counts per millisecond give the values.
  const raw = sql`(SELECT k.kind, round(k.v)::int AS ms FROM (
      SELECT ttft_ms, voice_ms FROM analytics_turns
      WHERE agent_name = ${a} AND at >= ${s}::timestamptz AND at < ${d0}::timestamptz
      UNION ALL
      SELECT ttft_ms, voice_ms FROM analytics_turns
      WHERE agent_name = ${a} AND at >= ${d1}::timestamptz AND at <= ${until}::timestamptz) t,
    LATERAL (VALUES ('ttft', t.ttft_ms), ('voice', t.voice_ms)) k(kind, v)
    WHERE k.v IS NOT NULL)`;
  const latencyQ = (async () => {
    if (d0 >= d1) {
      // No whole day (24 h): percentile_cont over the period's answers themselves.
      const [r] = rowsOf(
        await db.execute(sql`SELECT
            percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE kind = 'ttft') AS ttft_p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) FILTER (WHERE kind = 'ttft') AS ttft_p95,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE kind = 'voice') AS voice_p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) FILTER (WHERE kind = 'voice') AS voice_p95
          FROM ${raw} r`),
      );
      return {
        ttft: { p50: nullable(r?.ttft_p50), p95: nullable(r?.ttft_p95) },
        voice: { p50: nullable(r?.voice_p50), p95: nullable(r?.voice_p95) },
      };
    }
    const coarse = rowsOf(
      await db.execute(sql`SELECT kind, bucket, sum(n) AS n FROM (
          SELECT kind, bucket, n FROM analytics_agent_ms_buckets
          WHERE agent_name = ${a} AND day >= ${d0}::timestamptz AND day < ${d1}::timestamptz
          UNION ALL
          SELECT kind, ms >> 4, 1 FROM ${raw} r) h
        GROUP BY kind, bucket HAVING sum(n) > 0 ORDER BY kind, bucket`),
    );
    const buckets = (kind: string): Counts =>
      coarse.filter((r) => r.kind === kind).map((r) => [n(r.bucket), n(r.n)]);
    const wanted = (['ttft', 'voice'] as const).flatMap((kind) =>
      bucketsHolding(buckets(kind), [0.5, 0.95]).map((b) => sql`(${kind}, ${b}::int)`),
    );
    const fine = wanted.length
      ? rowsOf(
          await db.execute(sql`SELECT kind, bucket, ms, sum(n) AS n FROM (
              SELECT kind, bucket, ms, n FROM analytics_agent_ms
              WHERE agent_name = ${a} AND (kind, bucket) IN (${sql.join(wanted, sql`, `)})
                AND day >= ${d0}::timestamptz AND day < ${d1}::timestamptz
              UNION ALL
              SELECT kind, ms >> 4, ms, 1 FROM ${raw} r
              WHERE (kind, ms >> 4) IN (${sql.join(wanted, sql`, `)})) h
            GROUP BY kind, bucket, ms HAVING sum(n) > 0 ORDER BY kind, bucket, ms`),
        )
      : [];
    const figures = (kind: string) => {
      const values = fine
        .filter((r) => r.kind === kind)
        .map((r): [number, number, number] => [n(r.bucket), n(r.ms), n(r.n)]);
      return {
        p50: percentileFromBuckets(buckets(kind), values, 0.5),
        p95: percentileFromBuckets(buckets(kind), values, 0.95),
      };
    };
    return { ttft: figures('ttft'), voice: figures('voice') };
  })();
  const handoffsQ = db.execute(sql`SELECT user_id, min(user_name) AS name, count(*) AS count
      FROM conversation_events
      WHERE agent_name = ${a} AND kind = 'takeover' AND created_at >= ${s}::timestamptz
      GROUP BY user_id ORDER BY count(*) DESC, min(user_name)`);
  // The calls: totals (the empty grouping set) and per end reason in one index-only scan.
  const callsQ = callsQuery(
    db,
    sql`agent_name = ${a} AND channel = 'voice' AND created_at >= ${s}::timestamptz
        AND created_at <= ${until}::timestamptz`,
  );
  const inKbs = kbs.length
    ? sql`s.knowledge_base_id IN (${sql.join(
        kbs.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND s.enabled`
    : sql`false`;
  const mostQ = db.execute(sql`SELECT s.id, s.content, s.hit_count, d.name AS document
      FROM segments s JOIN documents d ON d.id = s.document_id
      WHERE ${inKbs} AND s.hit_count > 0 ORDER BY s.hit_count DESC, s.id LIMIT ${listLimit}`);
  const neverQ =
    db.execute(sql`SELECT s.id, s.content, d.name AS document, count(*) OVER () AS total
      FROM segments s JOIN documents d ON d.id = s.document_id
      WHERE ${inKbs} AND s.hit_count = 0 ORDER BY d.name, s.position LIMIT ${listLimit}`);
  // The questions the agent could not answer: its answer came from the offline responder, failed,
  // or drew on no passage although the agent has knowledge bases (a partial index each).
  const unansweredQ =
    db.execute(sql`SELECT t.conversation_id, t.at AS created_at, t.unanswered AS reason,
        (SELECT q.content FROM messages q WHERE q.conversation_id = t.conversation_id
           AND q.role = 'user' AND q.created_at <= t.at
           ORDER BY q.created_at DESC LIMIT 1) AS question
      FROM analytics_turns t
      WHERE t.agent_name = ${a} AND t.at >= ${s}::timestamptz AND t.at <= ${until}::timestamptz
        AND ${kbs.length ? sql`t.unanswered IS NOT NULL` : sql`t.unanswered <> 'no_passages'`}
      ORDER BY t.at DESC LIMIT ${listLimit}`);

  // At once (each on its own pooled connection on PostgreSQL).
  const [totalsR, seriesR, latency, handoffsR, callsR, mostR, neverR, unansweredR] =
    await Promise.all([totalsQ, seriesQ, latencyQ, handoffsQ, callsQ, mostQ, neverQ, unansweredQ]);
  const [totals] = rowsOf(totalsR);
  const most = rowsOf(mostR);
  const never = rowsOf(neverR);
  const seriesOut = seriesOf(rowsOf(seriesR));
  // Requests for a person (issue 41): against the period's conversations, in all and by day.
  const handoffRequests = await handoffFigures(db, {
    agentName: a,
    since,
    until: now,
    conversations: n(totals?.conversations),
    conversationsByDay: await conversationsByDay(db, {
      agentName: a,
      since,
      until: now,
      bucket,
      series: seriesOut,
    }),
  });
  return {
    agent_id: a,
    period,
    from: since.toISOString(),
    to: now.toISOString(),
    bucket,
    totals: totalsOf(totals),
    series: seriesOut,
    handoffs: handoffsOf(rowsOf(handoffsR)),
    model_ttft_ms: latency.ttft,
    voice_latency_ms: latency.voice,
    calls: callsOf(rowsOf(callsR)),
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
    unanswered: unansweredOf(rowsOf(unansweredR)),
    handoff_requests: handoffRequests,
  };
}

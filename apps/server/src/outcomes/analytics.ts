import { sql } from 'drizzle-orm';
import type {
  AnalyticsPeriod,
  OutcomeAnalytics,
  OutcomeFieldType,
  OutcomePlan,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { periods, periodStart } from '../conversations/analytics';
import { versionOfWire } from '../agents/versions/label';

const n = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
/** The most frequent values shown per field, and the tags shown. */
export const topValues = 10;
export const topTags = 50;

/** A field value as its JSON text reads (jsonb ->> gives text): back to its type. */
function valueOf(type: string, text: unknown): string | number | boolean {
  if (type === 'number') return Number(text);
  if (type === 'boolean') return text === 'true' || text === true;
  return String(text);
}

/**
 * The outcomes of an agent's conversations that ended in the period (optionally only those one
 * version made): how many done, skipped and failed; the success rate, in all and per hour or day;
 * each field's distribution (how often filled, its most frequent values, numbers' range, mean and
 * median) in the order of the plan given (fields no longer in it after); the tags by count.
 */
export async function outcomeAnalytics(
  db: Db,
  agent: { agentName: string; organizationId: string },
  input: { period: AnalyticsPeriod; version?: string; plan: OutcomePlan | null },
  now = new Date(),
): Promise<OutcomeAnalytics> {
  const { bucket } = periods[input.period];
  const since = periodStart(input.period, now);
  const where = sql`ca.agent_name = ${agent.agentName} AND ca.organization_id = ${agent.organizationId}
    AND ca.ended_at >= ${since.toISOString()}::timestamptz
    AND ca.ended_at <= ${now.toISOString()}::timestamptz
    ${input.version ? sql`AND ca.agent_version = ${input.version}` : sql``}`;
  const unit = bucket === 'hour' ? sql`'hour'` : sql`'day'`;
  const [totalsR, seriesR, valuesR, numbersR, tagsR] = await Promise.all([
    db.execute(sql`SELECT count(*) FILTER (WHERE status = 'done') AS done,
        count(*) FILTER (WHERE status = 'skipped') AS skipped,
        count(*) FILTER (WHERE status = 'failed') AS failed,
        count(success_passed) AS evaluated,
        count(*) FILTER (WHERE success_passed) AS succeeded
      FROM conversation_analyses ca WHERE ${where}`),
    db.execute(sql`SELECT date_trunc(${unit}, ca.ended_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at,
        count(success_passed) AS evaluated, count(*) FILTER (WHERE success_passed) AS succeeded
      FROM conversation_analyses ca WHERE ${where} AND ca.success_passed IS NOT NULL
      GROUP BY 1 ORDER BY 1`),
    db.execute(sql`SELECT key, type, value, count, filled FROM (
        SELECT f.key, jsonb_typeof(f.value) AS type, f.value #>> '{}' AS value, count(*) AS count,
          sum(count(*)) OVER (PARTITION BY f.key) AS filled,
          row_number() OVER (PARTITION BY f.key ORDER BY count(*) DESC, f.value #>> '{}') AS rank
        FROM conversation_analyses ca, jsonb_each(ca.fields) f
        WHERE ${where} AND ca.status = 'done' AND jsonb_typeof(f.value) <> 'null'
        GROUP BY f.key, jsonb_typeof(f.value), f.value #>> '{}') v
      WHERE rank <= ${topValues} ORDER BY key, count DESC, value`),
    db.execute(sql`SELECT f.key, min((f.value #>> '{}')::float8) AS min,
        max((f.value #>> '{}')::float8) AS max, avg((f.value #>> '{}')::float8) AS mean,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY (f.value #>> '{}')::float8) AS median
      FROM conversation_analyses ca, jsonb_each(ca.fields) f
      WHERE ${where} AND ca.status = 'done' AND jsonb_typeof(f.value) = 'number'
      GROUP BY f.key`),
    db.execute(sql`SELECT t.tag, count(*) AS count
      FROM conversation_analyses ca, unnest(ca.tags) AS t(tag)
      WHERE ${where} AND ca.status = 'done'
      GROUP BY t.tag ORDER BY count(*) DESC, t.tag LIMIT ${topTags}`),
  ]);
  const totals = rowsOf(totalsR)[0] ?? {};
  const evaluated = n(totals.evaluated);
  const succeeded = n(totals.succeeded);

  const planned = new Map((input.plan?.fields ?? []).map((f) => [f.name, f.type]));
  const byField = new Map<string, OutcomeAnalytics['fields'][number]>();
  const entry = (name: string, jsonType: string) => {
    let found = byField.get(name);
    if (!found) {
      const type: OutcomeFieldType =
        planned.get(name) ??
        (jsonType === 'number' ? 'number' : jsonType === 'boolean' ? 'boolean' : 'string');
      found = { name, type, filled: 0, values: [], numbers: null };
      byField.set(name, found);
    }
    return found;
  };
  for (const r of rowsOf(valuesR)) {
    const field = entry(String(r.key), String(r.type));
    field.filled = n(r.filled);
    field.values.push({ value: valueOf(String(r.type), r.value), count: n(r.count) });
  }
  for (const r of rowsOf(numbersR))
    entry(String(r.key), 'number').numbers = {
      min: n(r.min),
      max: n(r.max),
      mean: Math.round(n(r.mean) * 100) / 100,
      median: n(r.median),
    };
  for (const [name, type] of planned) if (!byField.has(name)) entry(name, type);
  const order = [...planned.keys()];
  const fields = [...byField.values()].sort((a, b) => {
    const ia = order.indexOf(a.name);
    const ib = order.indexOf(b.name);
    return (ia < 0 ? 1e6 : ia) - (ib < 0 ? 1e6 : ib) || a.name.localeCompare(b.name);
  });

  const version = input.version ? versionOfWire(input.version) : null;
  return {
    agent_id: agent.agentName,
    period: input.period,
    ...(version !== null ? { agent_version: version } : {}),
    from: since.toISOString(),
    to: now.toISOString(),
    bucket,
    totals: {
      done: n(totals.done),
      skipped: n(totals.skipped),
      failed: n(totals.failed),
      evaluated,
      succeeded,
      success_rate: evaluated ? succeeded / evaluated : null,
    },
    success_series: rowsOf(seriesR).map((r) => ({
      at: iso(r.at),
      evaluated: n(r.evaluated),
      succeeded: n(r.succeeded),
      rate: n(r.evaluated) ? n(r.succeeded) / n(r.evaluated) : null,
    })),
    fields,
    tags: rowsOf(tagsR).map((r) => ({ tag: String(r.tag), count: n(r.count) })),
  };
}

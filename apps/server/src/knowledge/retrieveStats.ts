import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { inList, quoteLexeme } from './retrieveSql';

// The knowledge base's own statistics for BM25: passage count and average length, and each query
// word's document frequency (its rarity in these bases).

/**
 * Words outside the planner's most common ones are counted up to this many passages (rarer ones
 * exactly): past it a word is common enough that its exact rarity barely moves the ranking, and
 * counting it row by row is what would cost at 100k segments.
 */
const DF_CAP = 100;
const DF_CAP_UNANALYZED = 2000;

/** BM25 inverse document frequency (never negative). */
export const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Passage count and average length (words) per set of bases, kept for a minute per process. */
const statsCache = new Map<string, { at: number; n: number; avgdl: number }>();
export async function corpusStats(db: Db, ids: string[]) {
  const key = [...ids].sort().join(',');
  const hit = statsCache.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit;
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT count(*)::int AS n, coalesce(avg(word_count), 0)::float8 AS avgdl
      FROM segments WHERE knowledge_base_id IN ${inList(ids)}`),
  );
  const stats = { at: Date.now(), n: Number(row?.n ?? 0), avgdl: Number(row?.avgdl ?? 0) || 1 };
  if (statsCache.size > 1000) statsCache.clear();
  statsCache.set(key, stats);
  return stats;
}

/**
 * Each word's document frequency in the bases. The commonest words of the whole table are taken
 * from the planner's statistics (pg_stats' most common elements of `segments.tsv`, scaled to the
 * bases' size; refreshed by ANALYZE/autovacuum), so a word held by half the passages is never
 * counted row by row; every other word is rarer than those and is counted in the bases through
 * the GIN index (up to DF_CAP passages).
 */
export async function documentFrequencies(
  db: Db,
  ids: string[],
  terms: string[],
  n: number,
): Promise<Array<{ lexeme: string; df: number; exact: boolean }>> {
  const common = await commonWords(db);
  const key = [...ids].sort().join(',');
  const now = Date.now();
  const known = new Map<string, { df: number; exact: boolean }>();
  for (const t of terms) {
    const f = common.get(t);
    if (f !== undefined) known.set(t, { df: Math.max(1, Math.round(f * n)), exact: false });
    else {
      const hit = dfCache.get(`${key} ${t}`);
      if (hit && now - hit.at < 60_000) known.set(t, hit);
    }
  }
  // Without statistics (a table never analyzed) every word is counted, further.
  const cap = common.size ? DF_CAP : DF_CAP_UNANALYZED;
  const counted = terms.filter((t) => !known.has(t));
  const rows = counted.length
    ? rowsOf(
        await db.execute(
          sql.join(
            counted.map(
              (t) => sql`SELECT ${t}::text AS lexeme, (SELECT count(*)::int FROM (
                SELECT 1 FROM segments WHERE knowledge_base_id IN ${inList(ids)}
                  AND tsv @@ ${quoteLexeme(t)}::tsquery LIMIT ${cap}) x) AS df`,
            ),
            sql` UNION ALL `,
          ),
        ),
      )
    : [];
  if (dfCache.size > 20_000) dfCache.clear();
  for (const r of rows) {
    const df = Number(r.df);
    const entry = { df, exact: df < cap };
    known.set(String(r.lexeme), entry);
    dfCache.set(`${key} ${String(r.lexeme)}`, { ...entry, at: now });
  }
  return terms.filter((t) => known.has(t)).map((t) => ({ lexeme: t, ...known.get(t)! }));
}

/** Counted document frequencies per set of bases and word, kept a minute per process. */
const dfCache = new Map<string, { at: number; df: number; exact: boolean }>();

/** The table's most common words and the share of passages holding each (kept a minute). */
const commonCache = new WeakMap<Db, { at: number; words: Map<string, number> }>();
async function commonWords(db: Db): Promise<Map<string, number>> {
  const hit = commonCache.get(db);
  if (hit && Date.now() - hit.at < 60_000) return hit.words;
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
      FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'segments' AND attname = 'tsv'`),
  );
  const words = new Map<string, number>();
  const elems = (row?.elems as string[] | null) ?? [];
  const freqs = ((row?.freqs as Array<number | string> | null) ?? []).map(Number);
  elems.forEach((e, i) => freqs[i] !== undefined && words.set(e, freqs[i]!));
  commonCache.set(db, { at: Date.now(), words });
  return words;
}

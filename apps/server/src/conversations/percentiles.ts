/**
 * Exact percentiles (PostgreSQL's percentile_cont) from a two-level histogram: the counts per
 * bucket of values (all of them, few rows) and the counts per value of only the buckets that hold
 * the ranks asked for (see analytics.ts and migration 0023).
 */

/** [key, count] pairs, keys ascending. */
export type Counts = Array<[number, number]>;

/** The 0-based ranks percentile_cont(p) reads of `total` sorted values, and the weight between. */
export function ranks(total: number, p: number) {
  const rank = p * (total - 1);
  const lo = Math.floor(rank);
  return { lo, hi: Math.min(lo + 1, total - 1), weight: rank - lo };
}

const totalOf = (counts: Counts) => counts.reduce((t, [, c]) => t + c, 0);

/** The bucket holding the value of 0-based rank `rank`, and how many values come before it. */
function bucketOf(buckets: Counts, rank: number) {
  let before = 0;
  for (const [bucket, c] of buckets) {
    if (c <= 0) continue;
    if (before + c > rank) return { bucket, before };
    before += c;
  }
  throw new Error(`rank ${rank} beyond the histogram`);
}

/** The buckets whose values percentile_cont(p) reads, for each p. */
export function bucketsHolding(buckets: Counts, ps: number[]): number[] {
  const total = totalOf(buckets);
  if (!total) return [];
  const wanted = new Set<number>();
  for (const p of ps) {
    const { lo, hi } = ranks(total, p);
    wanted.add(bucketOf(buckets, lo).bucket);
    wanted.add(bucketOf(buckets, hi).bucket);
  }
  return [...wanted].sort((x, y) => x - y);
}

/**
 * percentile_cont(p) of the values counted: `buckets` counts every value per bucket, `fine`
 * counts per bucket and value ([bucket, value, count], ascending) at least the values of the
 * buckets bucketsHolding named.
 */
export function percentileFromBuckets(
  buckets: Counts,
  fine: Array<[number, number, number]>,
  p: number,
): number | null {
  const total = totalOf(buckets);
  if (!total) return null;
  const valueAt = (rank: number) => {
    const { bucket, before } = bucketOf(buckets, rank);
    let seen = before;
    for (const [b, value, c] of fine) {
      if (b !== bucket || c <= 0) continue;
      seen += c;
      if (seen > rank) return value;
    }
    throw new Error(`bucket ${bucket}: its values do not add up to its count`);
  };
  const { lo, hi, weight } = ranks(total, p);
  const low = valueAt(lo);
  return low + (valueAt(hi) - low) * weight;
}

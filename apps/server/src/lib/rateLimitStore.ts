import { sql } from 'drizzle-orm';
import type { Store } from 'hono-rate-limiter';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Where a rate limit keeps its counts: a store per limit (`name` keeps two limits with the same
 * keys apart, e.g. the runtime's and the voice tokens' per-visitor limits), or undefined for the
 * limiter's own memory store. One process (PGlite) counts in memory; several processes on one
 * PostgreSQL count in the database, so N processes give an attacker no more attempts than one.
 */
export type RateLimitStores = (name: string) => Store | undefined;

/** Expired windows older than this are deleted (every `sweepEvery` increments). */
const sweepAfterMs = 60 * 60_000;
const sweepEvery = 500;

const dateOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * A fixed-window count per key in the unlogged table `rate_limit_hits` (migration 0020): one
 * upsert per request, atomic across processes (the row's lock serialises concurrent hits), the
 * window's start and end read from the database's clock so every process agrees on them.
 * Unlogged: the counts are not worth a write-ahead log, and a crash forgets them (as a restart
 * forgets the memory store's).
 */
export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private increments = 0;

  constructor(
    private readonly db: Db,
    readonly prefix: string,
  ) {}

  init(options: { windowMs: number }) {
    this.windowMs = options.windowMs;
  }

  async increment(key: string) {
    const k = `${this.prefix}:${key}`;
    const window = this.windowMs / 1000;
    const [row] = rowsOf(
      await this.db.execute(sql`
        INSERT INTO rate_limit_hits AS h (key, hits, reset_at)
        VALUES (${k}, 1, now() + make_interval(secs => ${window}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN h.reset_at <= now() THEN 1 ELSE h.hits + 1 END,
          reset_at = CASE WHEN h.reset_at <= now()
            THEN now() + make_interval(secs => ${window}) ELSE h.reset_at END
        RETURNING hits, reset_at`),
    );
    if (++this.increments % sweepEvery === 0) void this.sweep().catch(() => undefined);
    return { totalHits: Number(row!.hits), resetTime: dateOf(row!.reset_at) };
  }

  async get(key: string) {
    const [row] = rowsOf(
      await this.db.execute(sql`
        SELECT hits, reset_at FROM rate_limit_hits
        WHERE key = ${`${this.prefix}:${key}`} AND reset_at > now()`),
    );
    return row ? { totalHits: Number(row.hits), resetTime: dateOf(row.reset_at) } : undefined;
  }

  async decrement(key: string) {
    await this.db.execute(sql`
      UPDATE rate_limit_hits SET hits = greatest(0, hits - 1)
      WHERE key = ${`${this.prefix}:${key}`} AND reset_at > now()`);
  }

  async resetKey(key: string) {
    await this.db.execute(sql`DELETE FROM rate_limit_hits WHERE key = ${`${this.prefix}:${key}`}`);
  }

  /** Forgets windows that ended long ago (keys of visitors who went away). */
  async sweep() {
    await this.db.execute(sql`
      DELETE FROM rate_limit_hits
      WHERE reset_at < now() - make_interval(secs => ${sweepAfterMs / 1000})`);
  }
}

/** The stores for a database: PostgreSQL counts in its table, PGlite (one process) in memory. */
export function rateLimitStoresFor(db: Db, kind: 'pglite' | 'postgres'): RateLimitStores {
  return (name) => (kind === 'postgres' ? new PostgresRateLimitStore(db, name) : undefined);
}

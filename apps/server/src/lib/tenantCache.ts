import type { Db } from '../db/client';

/** The NOTIFY channel the member, organization, agents and apps triggers write to (drizzle/0009). */
export const cacheChannel = 'parley_cache';

/** Tags an entry carries; a NOTIFY payload names one of them. */
export const tags = {
  /** The user's memberships changed (added, role changed, removed). */
  member: (userId: string) => `m:${userId}`,
  /** The organization was renamed or deleted. */
  organization: (orgId: string) => `o:${orgId}`,
  /** One of the organization's agents or apps changed. */
  agents: (orgId: string) => `a:${orgId}`,
  /** An organization API key was revoked (apikeys/; migration 0034). */
  apiKey: (keyId: string) => `k:${keyId}`,
};

/** An entry's tags, or how to name them from the loaded value. */
export type EntryTags<T> = readonly string[] | ((value: T) => readonly string[]);

interface Entry {
  value: unknown;
  tags: readonly string[];
  /** Epoch ms after which the entry is loaded again. */
  until: number;
}

export interface TenantCacheOptions {
  /** How long an entry is served from memory at most (default 5 minutes). */
  ttlMs?: number;
  /** Entries kept at most; the oldest go first (default 20 000). */
  maxEntries?: number;
  now?: () => number;
}

/**
 * An in-process cache of tenancy reads that every signed-in request makes (the user's membership
 * of an organization, an organization's agent list), so they cost no database round trip. Each
 * entry carries tags; the database triggers NOTIFY every server process on the database when a
 * membership, an organization or an agent changes (drizzle/0009_cache_notify.sql), and the
 * entries with that tag go at once. This process also empties the cache after each of its own
 * state-changing requests (`clear`), so a change is seen by the next request here even before the
 * notification arrives. While notifications may be missed (`setLive(false)`) nothing is served
 * from or stored in the cache.
 */
export class TenantCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a load that started before one does not store its answer. */
  private generation = 0;
  private live = true;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: TenantCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.now = options.now ?? Date.now;
  }

  get size() {
    return this.entries.size;
  }

  /**
   * The cached value of `key`, or `load()`'s (stored under `entryTags`, or the tags they give for
   * the loaded value, when `keep` says so and no invalidation happened while it loaded).
   */
  async get<T>(
    key: string,
    entryTags: EntryTags<T>,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    if (this.live) {
      const hit = this.entries.get(key);
      if (hit && hit.until > this.now()) return hit.value as T;
      if (hit) this.entries.delete(key);
    }
    const generation = this.generation;
    const value = await load();
    if (this.live && generation === this.generation && keep(value)) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      const tags = typeof entryTags === 'function' ? entryTags(value) : entryTags;
      this.entries.set(key, { value, tags, until: this.now() + this.ttlMs });
    }
    return value;
  }

  /** A NOTIFY payload: a tag ('m:…', 'o:…', 'a:…', 'k:…'); anything else empties the cache. */
  invalidate(payload: string) {
    this.generation += 1;
    if (!/^[moak]:./.test(payload)) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries)
      if (entry.tags.includes(payload)) this.entries.delete(key);
  }

  /** Empties the cache (after a state-changing request of this process). */
  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  /** Whether invalidations are being heard; when not, the cache is bypassed and emptied. */
  setLive(live: boolean) {
    this.live = live;
    this.clear();
  }
}

const caches = new WeakMap<object, TenantCache>();

/** Wires a cache to a database handle (createServer); reads through that handle then use it. */
export function attachTenantCache(db: Db, cache: TenantCache) {
  caches.set(db, cache);
}

/** The cache wired to this database handle, if any (none inside a transaction or bare tests). */
export function tenantCacheOf(db: Db): TenantCache | undefined {
  return caches.get(db);
}

/** Reads through the database handle's cache when it has one, else straight from the database. */
export function cachedRead<T>(
  db: Db,
  key: string,
  entryTags: EntryTags<T>,
  load: () => Promise<T>,
  keep?: (value: T) => boolean,
): Promise<T> {
  const cache = tenantCacheOf(db);
  return cache ? cache.get(key, entryTags, load, keep) : load();
}

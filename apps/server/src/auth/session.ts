import { createHash } from 'node:crypto';
import type { Auth } from './auth';
import type { SessionUser } from '../lib/env';

/** The NOTIFY channel the session and user triggers write to (drizzle/0007_session_notify.sql). */
export const sessionChannel = 'parley_session';

export interface CachedSession {
  sessionId: string;
  user: SessionUser;
}

interface Entry extends CachedSession {
  /** Epoch ms after which the entry is looked up again (never past the session's own expiry). */
  until: number;
}

export interface SessionCacheOptions {
  /** How long a resolved session is served from memory at most (default 5 minutes). */
  ttlMs?: number;
  /** Entries kept at most; the oldest go first (default 10 000). */
  maxEntries?: number;
  now?: () => number;
}

/**
 * An in-process cache of resolved sessions, keyed by the request's Cookie header (hashed), so a
 * signed-in request costs no database round trip for its session. Entries go at once when
 * `invalidate` hears that the session or its user changed or ended: the database triggers NOTIFY
 * every server process on the database (PostgreSQL LISTEN/NOTIFY; on PGlite the notification
 * arrives before the deleting query returns). While notifications may be missed (`setLive(false)`:
 * the listening connection is down) nothing is served from or stored in the cache.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<CachedSession | null>>();
  /** Bumped by every invalidation: a lookup that started before one does not store its answer. */
  private generation = 0;
  private live = true;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly auth: Auth,
    options: SessionCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get size() {
    return this.entries.size;
  }

  /** The signed-in session of these request headers, or null (no cookie, unknown or ended session). */
  async resolve(headers: Headers): Promise<CachedSession | null> {
    const cookie = headers.get('cookie');
    if (!cookie) return null;
    const key = createHash('sha256').update(cookie).digest('base64url');
    if (this.live) {
      const hit = this.entries.get(key);
      if (hit && hit.until > this.now()) return hit;
      if (hit) this.entries.delete(key);
    }
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const lookup = this.lookUp(key, headers).finally(() => this.inflight.delete(key));
    this.inflight.set(key, lookup);
    return lookup;
  }

  private async lookUp(key: string, headers: Headers): Promise<CachedSession | null> {
    const generation = this.generation;
    const found = await this.auth.api.getSession({ headers });
    if (!found) return null;
    const u = found.user as typeof found.user & {
      firstName?: string | null;
      lastName?: string | null;
    };
    const resolved: CachedSession = {
      sessionId: found.session.id,
      user: {
        id: u.id,
        name: u.name,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
      },
    };
    if (this.live && generation === this.generation) {
      const expires = new Date(found.session.expiresAt).getTime();
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { ...resolved, until: Math.min(expires, this.now() + this.ttlMs) });
    }
    return resolved;
  }

  /** A NOTIFY payload: 's:{sessionId}' (session changed or ended) or 'u:{userId}' (user changed). */
  invalidate(payload: string) {
    this.generation += 1;
    const id = payload.slice(2);
    if (payload.startsWith('s:')) this.drop((e) => e.sessionId === id);
    else if (payload.startsWith('u:')) this.drop((e) => e.user.id === id);
    else this.entries.clear();
  }

  /** Drops every cached session of this user in this process (sign-out, revoke: before answering). */
  dropUser(userId: string) {
    this.generation += 1;
    this.drop((e) => e.user.id === userId);
  }

  /** Whether invalidations are being heard; when not, the cache is bypassed and emptied. */
  setLive(live: boolean) {
    this.generation += 1;
    this.live = live;
    this.entries.clear();
  }

  private drop(match: (entry: Entry) => boolean) {
    for (const [key, entry] of this.entries) if (match(entry)) this.entries.delete(key);
  }
}

/**
 * better-auth's endpoints that end or change sessions of the signed-in user (sign-out, revoke,
 * password and profile changes, account deletion): every cached session of that user in this
 * process is dropped before the answer goes out; the database triggers tell the other processes.
 */
export function authHandler(auth: Auth, sessions: SessionCache) {
  return async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    const changesSessions =
      request.method === 'POST' &&
      !/\/(sign-in|sign-up)\//.test(path) &&
      request.headers.has('cookie');
    const before = changesSessions ? await sessions.resolve(request.headers) : null;
    const response = await auth.handler(request);
    if (before) sessions.dropUser(before.user.id);
    return response;
  };
}

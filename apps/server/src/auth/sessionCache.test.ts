import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { SessionCache } from './session';
import type { Auth } from './auth';

const onPostgres = process.env.PARLEY_TEST_DB === 'postgres';
const cookieOf = (u: TestUser) => [...u.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('SessionCache', () => {
  function fakeAuth() {
    const calls = { count: 0 };
    const sessions = new Map([
      ['a=1', { id: 's1', userId: 'u1' }],
      ['a=2', { id: 's2', userId: 'u1' }],
      ['a=3', { id: 's3', userId: 'u2' }],
    ]);
    const auth = {
      api: {
        getSession: async ({ headers }: { headers: Headers }) => {
          calls.count += 1;
          const s = sessions.get(headers.get('cookie') ?? '');
          if (!s) return null;
          return {
            session: { id: s.id, expiresAt: new Date(Date.now() + 3_600_000) },
            user: { id: s.userId, name: 'N', email: 'n@example.com' },
          };
        },
      },
    } as unknown as Auth;
    return { auth, calls };
  }
  const h = (cookie: string) => new Headers({ cookie });

  it('serves a resolved session from memory; a NOTIFY for it drops it at once', async () => {
    const { auth, calls } = fakeAuth();
    const cache = new SessionCache(auth);
    expect((await cache.resolve(h('a=1')))!.user.id).toBe('u1');
    expect((await cache.resolve(h('a=1')))!.sessionId).toBe('s1');
    expect(calls.count).toBe(1);
    cache.invalidate('s:s1');
    await cache.resolve(h('a=1'));
    expect(calls.count).toBe(2);
  });

  it('a user NOTIFY or dropUser drops every session of that user only', async () => {
    const { auth, calls } = fakeAuth();
    const cache = new SessionCache(auth);
    for (const c of ['a=1', 'a=2', 'a=3']) await cache.resolve(h(c));
    expect(cache.size).toBe(3);
    cache.invalidate('u:u1');
    expect(cache.size).toBe(1);
    cache.dropUser('u2');
    expect(cache.size).toBe(0);
    expect(calls.count).toBe(3);
  });

  it('while notifications may be missed › nothing is served from memory', async () => {
    const { auth, calls } = fakeAuth();
    const cache = new SessionCache(auth);
    await cache.resolve(h('a=1'));
    cache.setLive(false);
    await cache.resolve(h('a=1'));
    await cache.resolve(h('a=1'));
    expect(calls.count).toBe(3);
    cache.setLive(true);
    await cache.resolve(h('a=1'));
    await cache.resolve(h('a=1'));
    expect(calls.count).toBe(4);
  });

  it('an entry lives no longer than its ttl', async () => {
    const { auth, calls } = fakeAuth();
    let now = 1_000;
    const cache = new SessionCache(auth, { ttlMs: 100, now: () => now });
    await cache.resolve(h('a=1'));
    now += 101;
    await cache.resolve(h('a=1'));
    expect(calls.count).toBe(2);
  });
});

describe('logout invalidates a cached session at once', () => {
  let a: TestServer;
  let b: TestServer | null = null;
  beforeAll(async () => {
    a = await startTestServer();
    // Two server processes on one PostgreSQL (TEST_DATABASE_URL): B hears A's sign-out via NOTIFY.
    if (onPostgres) b = await startTestServer({ databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const me = (server: TestServer, cookie: string) =>
    fetch(`${server.url}/api/org/me`, { headers: { Cookie: cookie } }).then((r) => r.status);

  it('on this server: sign-out of a cached session → 401 on the next request', async () => {
    const u = await a.newUser().signUp();
    const cookie = cookieOf(u);
    expect(await me(a, cookie)).toBe(200);
    expect(await me(a, cookie)).toBe(200);
    await u.auth.signOut();
    expect(await me(a, cookie)).toBe(401);
  });

  /**
   * Another process hears of a sign-out by NOTIFY: it refuses the cookie as soon as the
   * notification arrives (milliseconds; longer on a loaded CI machine: waited for up to 5 s, the
   * suite's wait), never after a cache ttl.
   */
  const refusedOnB = (cookie: string) =>
    expect.poll(() => me(b!, cookie), { timeout: 5000, interval: 20 }).toBe(401);

  it.runIf(onPostgres)(
    'across two servers on one PostgreSQL: sign-out and revoke on A → 401 on B once the notification arrives',
    async () => {
      const u = await a.newUser().signUp();
      const cookie = cookieOf(u);
      expect(await me(a, cookie)).toBe(200);
      expect(await me(b!, cookie)).toBe(200);
      expect(await me(b!, cookie)).toBe(200);
      await u.auth.signOut();
      await refusedOnB(cookie);

      const first = a.newUser();
      await first.auth.signIn({ email: u.email, password: 'correct-horse-9' });
      const second = a.newUser();
      await second.auth.signIn({ email: u.email, password: 'correct-horse-9' });
      expect(await me(b!, cookieOf(first))).toBe(200);
      expect((await second.raw('POST', '/api/auth/revoke-other-sessions', {})).status).toBe(200);
      await refusedOnB(cookieOf(first));
      expect(await me(b!, cookieOf(second))).toBe(200);
    },
  );
});

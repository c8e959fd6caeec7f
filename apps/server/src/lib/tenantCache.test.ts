import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newAgentId } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { agents, member, organization } from '../db/schema';
import { TenantCache } from './tenantCache';

describe('TenantCache', () => {
  function counted<T>(value: T) {
    const calls = { count: 0 };
    const load = async () => {
      calls.count += 1;
      return value;
    };
    return { load, calls };
  }

  it('serves an entry from memory until a NOTIFY names one of its tags', async () => {
    const cache = new TenantCache();
    const { load, calls } = counted('x');
    const get = () => cache.get('k', ['m:u1', 'o:o1'], load);
    await get();
    await get();
    expect(calls.count).toBe(1);
    cache.invalidate('a:o1');
    await get();
    expect(calls.count).toBe(1);
    cache.invalidate('o:o1');
    await get();
    expect(calls.count).toBe(2);
    cache.invalidate('m:u1');
    await get();
    expect(calls.count).toBe(3);
    cache.invalidate('garbled');
    expect(cache.size).toBe(0);
  });

  it('tags may be named from the loaded value', async () => {
    const cache = new TenantCache();
    const { load, calls } = counted(['o2', 'o3']);
    const get = () => cache.get('list', (orgs) => orgs.map((o) => `o:${o}`), load);
    await get();
    cache.invalidate('o:o1');
    await get();
    expect(calls.count).toBe(1);
    cache.invalidate('o:o3');
    await get();
    expect(calls.count).toBe(2);
  });

  it('a load that an invalidation overtakes is not stored; refusals are not kept', async () => {
    const cache = new TenantCache();
    let release!: () => void;
    const slow = cache.get(
      'k',
      ['m:u1'],
      () => new Promise<string>((resolve) => (release = () => resolve('stale'))),
    );
    cache.invalidate('m:u1');
    release();
    expect(await slow).toBe('stale');
    expect(cache.size).toBe(0);
    await cache.get(
      'refused',
      ['m:u1'],
      async () => null,
      (v) => v !== null,
    );
    expect(cache.size).toBe(0);
  });

  it('while notifications may be missed, or past the ttl, nothing is served from memory', async () => {
    let now = 1_000;
    const cache = new TenantCache({ ttlMs: 100, now: () => now });
    const { load, calls } = counted(1);
    await cache.get('k', [], load);
    cache.setLive(false);
    await cache.get('k', [], load);
    await cache.get('k', [], load);
    expect(calls.count).toBe(3);
    cache.setLive(true);
    await cache.get('k', [], load);
    await cache.get('k', [], load);
    expect(calls.count).toBe(4);
    now += 101;
    await cache.get('k', [], load);
    expect(calls.count).toBe(5);
  });
});

describe('cached memberships and agent lists follow every change at once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  // A write straight to the database stands for another server process: only the trigger's
  // NOTIFY tells this one. On PGlite it arrives before the write returns; on PostgreSQL it comes
  // over the listening connection a moment later.
  const settled = async <T>(read: () => Promise<T>, expected: T) => {
    if (server.kind === 'pglite') expect(await read()).toEqual(expected);
    else await expect.poll(read, { timeout: 5000 }).toEqual(expected);
  };
  const list = (u: TestUser, orgId: string) => u.raw('GET', `/api/agents/by-org/${orgId}`);
  const status = async (u: TestUser, orgId: string) => (await list(u, orgId)).status;
  const names = async (u: TestUser, orgId: string) =>
    ((await list(u, orgId)).body as { agents: Array<{ name: string }> }).agents.map((a) => a.name);

  async function orgWithMember() {
    const owner = server.newUser();
    const orgId = await owner.withOrg('Cache Org');
    const other = await server.newUser().signUp();
    await owner.org.addUser({ orgId, userId: other.userId, role: 'member' });
    expect(await status(other, orgId)).toBe(200);
    expect(await status(other, orgId)).toBe(200);
    return { owner, other, orgId };
  }

  it('a removed member is refused at once (remove-member)', async () => {
    const { owner, other, orgId } = await orgWithMember();
    const removed = await owner.raw('POST', '/api/auth/organization/remove-member', {
      memberIdOrEmail: other.email,
      organizationId: orgId,
    });
    expect(removed.status).toBe(200);
    expect(await status(other, orgId)).toBe(404);
    expect((await other.org.me())!.organizations).toEqual([]);
  });

  it('a member removed by another process is refused at once (NOTIFY)', async () => {
    const { other, orgId } = await orgWithMember();
    expect((await other.org.me())!.organizations.map((o) => o.orgId)).toEqual([orgId]);
    await server.db.delete(member).where(eq(member.userId, other.userId));
    await settled(() => status(other, orgId), 404);
    await settled(async () => (await other.org.me())!.organizations.length, 0);
  });

  it('a deleted organization answers 404 to its members at once', async () => {
    const { owner, other, orgId } = await orgWithMember();
    const deleted = await owner.raw('POST', '/api/auth/organization/delete', {
      organizationId: orgId,
    });
    expect(deleted.status).toBe(200);
    expect(await status(owner, orgId)).toBe(404);
    expect(await status(other, orgId)).toBe(404);
  });

  it('a rename or a role change by another process shows at once', async () => {
    const { other, orgId } = await orgWithMember();
    expect((await other.org.me())!.organizations[0]).toMatchObject({
      orgName: 'Cache Org',
      role: 'member',
    });
    await server.db.update(organization).set({ name: 'Renamed' }).where(eq(organization.id, orgId));
    await settled(async () => (await other.org.me())!.organizations[0]!.orgName, 'Renamed');
    await server.db.update(member).set({ role: 'owner' }).where(eq(member.userId, other.userId));
    await settled(async () => (await other.org.me())!.organizations[0]!.role, 'owner');
  });

  it("an organization's agent list follows agent changes, here and from another process", async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg('Agents Cache Org');
    const id = newAgentId('cached_agent');
    await owner.agents.update(id, { organization_id: orgId, name: 'First' });
    expect(await names(owner, orgId)).toEqual(['First']);
    await owner.agents.update(id, { organization_id: orgId, name: 'Second' });
    expect(await names(owner, orgId)).toEqual(['Second']);
    await server.db.update(agents).set({ name: 'Third' }).where(eq(agents.agentName, id));
    await settled(() => names(owner, orgId), ['Third']);
    await server.db.delete(agents).where(eq(agents.agentName, id));
    await settled(() => names(owner, orgId), []);
  });
});

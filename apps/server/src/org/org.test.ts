import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('auth and organizations over HTTP', () => {
  it('runs on the database this project asks for', () => {
    expect(server.kind).toBe(process.env.PARLEY_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  });

  it('given no session › /api/org/me answers 401 and the client reads it as signed out', async () => {
    const anon = server.newUser();
    expect((await anon.raw('GET', '/api/org/me')).status).toBe(401);
    expect(await anon.org.me()).toBeNull();
  });

  it('given sign up › me shows the user with first and last name and no organization', async () => {
    const u = await server.newUser().signUp('Grace', 'Hopper');
    const me = await u.org.me();
    expect(me).toEqual({
      user: { userId: u.userId, firstName: 'Grace', lastName: 'Hopper', email: u.email },
      organizations: [],
    });
  });

  it('given create-org › the creator is owner and data.orgId is returned', async () => {
    const u = await server.newUser().signUp();
    const created = await u.org.createOrg('  Acme Labs_2 ');
    expect(created).toMatchObject({
      success: true,
      message: 'Organization created successfully!',
      data: { orgName: 'Acme Labs_2' },
    });
    const me = await u.org.me();
    expect(me!.organizations).toEqual([
      { orgId: created.data.orgId, orgName: 'Acme Labs_2', role: 'owner' },
    ]);
  });

  it.each([
    [{ orgName: '   ' }, 'orgName: Organization name is required'],
    [
      { orgName: 'Acme, Inc.' },
      'orgName: Organization name can only contain letters, numbers, underscores, and spaces',
    ],
    [{}, 'orgName: Organization name is required'],
  ])('given %j › 400 naming the field and nothing is written', async (body, error) => {
    const u = await server.newUser().signUp();
    const res = await u.raw('POST', '/api/org/create-org', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect((await u.org.me())!.organizations).toEqual([]);
  });

  it('given malformed JSON › 400 naming the body', async () => {
    const u = await server.newUser().signUp();
    const res = await u.raw('POST', '/api/org/create-org', '{nope');
    expect(res).toMatchObject({ status: 400, body: { error: 'body: Malformed JSON' } });
  });

  it('given add-user by an owner › the user joins as member by default', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg();
    const other = await server.newUser().signUp('Alan', 'Turing');
    const added = await owner.org.addUser({ orgId, userId: other.userId });
    expect(added.data).toEqual({ orgId, userId: other.userId, role: 'member' });
    expect((await other.org.me())!.organizations).toEqual([
      { orgId, orgName: 'Acme Labs', role: 'member' },
    ]);
  });

  it('given add-user for a missing user › 404 User not found', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg();
    const res = await owner.raw('POST', '/api/org/add-user', { orgId, userId: 'nobody' });
    expect(res).toMatchObject({ status: 404, body: { error: 'User not found' } });
  });

  it('given add-user by a member or an outsider › 403 / 404 and nothing is written', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg();
    const memberUser = await server.newUser().signUp();
    await owner.org.addUser({ orgId, userId: memberUser.userId });
    const third = await server.newUser().signUp();
    expect(
      (await memberUser.raw('POST', '/api/org/add-user', { orgId, userId: third.userId })).status,
    ).toBe(403);
    const outsider = server.newUser();
    await outsider.withOrg('Other Org');
    expect(
      (await outsider.raw('POST', '/api/org/add-user', { orgId, userId: third.userId })).status,
    ).toBe(404);
    expect((await third.org.me())!.organizations).toEqual([]);
  });

  it('given sign out › the session is gone', async () => {
    const u = await server.newUser().signUp();
    await u.auth.signOut();
    expect(await u.org.me()).toBeNull();
  });
});

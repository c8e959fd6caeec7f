import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createInvitationsClient } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { invitation } from '../db/schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const fresh = () => `invitee-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** An owner's organization with a member of the given role (joined through an invitation). */
async function orgWith(role: 'admin' | 'member') {
  const owner = server.newUser();
  const orgId = await owner.withOrg();
  const email = fresh();
  const { invitation: inv } = await owner.org.invite(orgId, { email, role });
  const joined = await server.newUser().signUp('Grace', 'Hopper', email);
  await joined.org.acceptInvitation(inv.id);
  return { owner, orgId, joined };
}

const memberIdOf = async (viewer: TestUser, orgId: string, userId: string) =>
  (await viewer.org.members(orgId)).members.find((m) => m.userId === userId)!.memberId;

describe('Members: invitations by e-mail address', () => {
  it('given an invite by the owner › the link is returned, listed as pending, and not mailed', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg();
    const email = fresh();
    const res = await owner.org.invite(orgId, {
      email: `  ${email.toUpperCase()} `,
      role: 'admin',
    });
    expect(res).toMatchObject({
      success: true,
      emailed: false,
      invitation: { email, role: 'admin', status: 'pending', path: `/invite/${res.invitation.id}` },
    });
    const list = await owner.org.members(orgId);
    expect(list.mailer).toBe(false);
    expect(list.invitations.map((i) => i.email)).toEqual([email]);
    expect(list.members).toEqual([
      expect.objectContaining({ userId: owner.userId, role: 'owner', email: owner.email }),
    ]);
  });

  it('given the link › anyone sees the organization, address and role; an unknown id is 404', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg('Invite Org');
    const email = fresh();
    const { invitation: inv } = await owner.org.invite(orgId, { email });
    const anon = server.newUser();
    const details = createInvitationsClient({ baseUrl: '/api/invitations', fetch: anon.fetch });
    expect(await details.details(inv.id)).toMatchObject({
      organizationName: 'Invite Org',
      email,
      role: 'member',
      status: 'pending',
      inviterName: 'Ada Lovelace',
    });
    expect((await anon.raw('GET', '/api/invitations/nope')).status).toBe(404);
  });

  it('given the invitee signs up with the invited address › accepting joins with the role', async () => {
    const { owner, orgId, joined } = await orgWith('member');
    expect((await joined.org.me())!.organizations).toEqual([
      { orgId, orgName: 'Acme Labs', role: 'member' },
    ]);
    const list = await owner.org.members(orgId);
    expect(list.members.map((m) => m.role)).toEqual(['owner', 'member']);
    expect(list.invitations).toEqual([]);
  });

  it('given another signed-in address › accepting is refused and nobody joins', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg();
    const { invitation: inv } = await owner.org.invite(orgId, { email: fresh() });
    const stranger = await server.newUser().signUp();
    const res = await stranger.raw('POST', `/api/org/invitations/${inv.id}/accept`, {});
    expect(res.status).toBe(403);
    expect((await stranger.org.me())!.organizations).toEqual([]);
  });

  it('given bad input › 400 naming the field, nothing written', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg();
    const bad = await owner.raw('POST', `/api/org/${orgId}/invitations`, { email: 'not-an-email' });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'email: Please enter a valid email address' },
    });
    const role = await owner.raw('POST', `/api/org/${orgId}/invitations`, {
      email: fresh(),
      role: 'boss',
    });
    expect(role.status).toBe(400);
    expect(String(role.body.error)).toMatch(/^role: /);
    expect((await owner.org.members(orgId)).invitations).toEqual([]);
  });

  it('given a cancelled invitation › it is gone and its link no longer joins', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg();
    const email = fresh();
    const { invitation: inv } = await owner.org.invite(orgId, { email });
    await owner.org.cancelInvitation(orgId, inv.id);
    expect((await owner.org.members(orgId)).invitations).toEqual([]);
    const invitee = await server.newUser().signUp('A', 'B', email);
    expect((await invitee.raw('POST', `/api/org/invitations/${inv.id}/accept`, {})).status).toBe(
      400,
    );
    expect((await invitee.org.me())!.organizations).toEqual([]);
  });

  it('given another organization › its members, invitations and members ids answer 404', async () => {
    const { orgId, owner } = await orgWith('member');
    const outsider = server.newUser();
    const otherOrg = await outsider.withOrg('Other');
    const { invitation: inv } = await owner.org.invite(orgId, { email: fresh() });
    expect((await outsider.raw('GET', `/api/org/${orgId}/members`)).status).toBe(404);
    expect(
      (await outsider.raw('DELETE', `/api/org/${otherOrg}/invitations/${inv.id}`)).status,
    ).toBe(404);
    const memberId = await memberIdOf(owner, orgId, owner.userId);
    expect(
      (await outsider.raw('PATCH', `/api/org/${otherOrg}/members/${memberId}`, { role: 'member' }))
        .status,
    ).toBe(404);
    const [row] = await server.db.select().from(invitation).where(eq(invitation.id, inv.id));
    expect(row!.status).toBe('pending');
  });
});

describe('Members: roles and removal', () => {
  it('given the owner › changes a member to admin and removes them', async () => {
    const { owner, orgId, joined } = await orgWith('member');
    const id = await memberIdOf(owner, orgId, joined.userId);
    await owner.org.changeRole(orgId, id, 'admin');
    expect((await joined.org.me())!.organizations[0]!.role).toBe('admin');
    await owner.org.removeMember(orgId, id);
    expect((await joined.org.me())!.organizations).toEqual([]);
    expect((await joined.raw('GET', `/api/org/${orgId}/members`)).status).toBe(404);
  });

  it('given an admin › manages members but not the owner role', async () => {
    const { owner, orgId, joined: admin } = await orgWith('admin');
    const email = fresh();
    const { invitation: inv } = await admin.org.invite(orgId, { email });
    const newcomer = await server.newUser().signUp('New', 'Comer', email);
    await newcomer.org.acceptInvitation(inv.id);
    const newcomerId = await memberIdOf(admin, orgId, newcomer.userId);
    await admin.org.changeRole(orgId, newcomerId, 'admin');
    await admin.org.changeRole(orgId, newcomerId, 'member');

    const makeOwner = await admin.raw('PATCH', `/api/org/${orgId}/members/${newcomerId}`, {
      role: 'owner',
    });
    expect(makeOwner).toMatchObject({
      status: 403,
      body: { error: 'Only an owner can grant or change the owner role' },
    });
    const ownerId = await memberIdOf(admin, orgId, owner.userId);
    expect((await admin.raw('DELETE', `/api/org/${orgId}/members/${ownerId}`)).body.error).toBe(
      'Only an owner can remove an owner',
    );
    expect(
      (await admin.raw('POST', `/api/org/${orgId}/invitations`, { email: fresh(), role: 'owner' }))
        .body.error,
    ).toBe('Only an owner can invite an owner');
    expect((await owner.org.me())!.organizations[0]!.role).toBe('owner');

    await admin.org.removeMember(orgId, newcomerId);
    expect((await newcomer.org.me())!.organizations).toEqual([]);
  });

  it('given a member › sees the team without invite links, and every change is 403 naming the roles', async () => {
    const { owner, orgId, joined: plain } = await orgWith('member');
    await owner.org.invite(orgId, { email: fresh() });
    const list = await plain.org.members(orgId);
    expect(list.members).toHaveLength(2);
    expect(list.invitations).toHaveLength(1);
    expect(list.invitations[0]!.path).toBeNull();
    const res = await plain.raw('POST', `/api/org/${orgId}/invitations`, { email: fresh() });
    expect(res).toMatchObject({
      status: 403,
      body: {
        error: 'Only an owner or admin can invite members',
        required_roles: ['owner', 'admin'],
      },
    });
    expect((await owner.org.members(orgId)).invitations).toHaveLength(1);
  });

  it('given the only owner › cannot be demoted or removed', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg();
    const id = await memberIdOf(owner, orgId, owner.userId);
    expect(
      (await owner.raw('PATCH', `/api/org/${orgId}/members/${id}`, { role: 'member' })).status,
    ).toBe(400);
    expect((await owner.raw('DELETE', `/api/org/${orgId}/members/${id}`)).status).toBe(400);
    expect((await owner.org.me())!.organizations[0]!.role).toBe('owner');
  });
});

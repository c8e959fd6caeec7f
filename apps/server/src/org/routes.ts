import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import {
  addUserRequestSchema,
  createOrgRequestSchema,
  inviteMemberRequestSchema,
  updateMemberRoleRequestSchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { HttpError, readJson } from '../lib/http';
import {
  managers,
  membershipsOf,
  requireManagerOf,
  requireMembership,
  requireRole,
  rolesOf,
} from '../lib/tenancy';
import { member, user } from '../db/schema';
import { installMailerFrom, invitationMail } from './inviteMail';
import { audit } from '../audit/log';
import {
  checkOwnerRule,
  findInvitation,
  findMember,
  invitationDetails,
  invitationToWire,
  invitePath,
  listInvitations,
  listMembers,
  viaAuth,
} from './members';

function slugFor(name: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'org';
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * /api/org: me, create-org (creator is owner), add-user, and Members: the organization's members
 * and pending invitations, invite by e-mail address, cancel, change roles, remove, accept. Who may
 * do what is docs/roles.md: members and invitations are managed by owners and admins, and only an
 * owner grants, changes or removes the owner role.
 */
export function orgRoutes(services: Services) {
  const { db, auth, env, logger } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  // Invitations are e-mailed when the operator configured a mailer (PARLEY_SMTP_URL).
  const mailer = installMailerFrom(env);

  app.get('/me', async (c) => {
    const u = c.get('user');
    const [first = '', ...rest] = u.name.split(' ');
    const organizations = await membershipsOf(db, u.id);
    return c.json({
      user: {
        userId: u.id,
        firstName: u.firstName ?? first,
        lastName: u.lastName ?? rest.join(' '),
        email: u.email,
      },
      organizations,
    });
  });

  app.post('/create-org', async (c) => {
    const { orgName } = await readJson(c, createOrgRequestSchema);
    const created = await auth.api.createOrganization({
      body: { name: orgName, slug: slugFor(orgName) },
      headers: c.req.raw.headers,
    });
    if (!created) throw new HttpError(500, 'Failed to create organization');
    return c.json({
      success: true,
      message: 'Organization created successfully!',
      data: { orgId: created.id, orgName: created.name },
    });
  });

  app.post('/add-user', async (c) => {
    const body = await readJson(c, addUserRequestSchema);
    const me = c.get('user');
    const membership = await requireRole(db, me.id, body.orgId, managers, 'add members');
    checkOwnerRule(membership, { newRole: body.role }, 'add an owner');
    const [target] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.id, body.userId))
      .limit(1);
    if (!target) throw new HttpError(404, 'User not found');
    const [existing] = await db
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, body.orgId), eq(member.userId, body.userId)))
      .limit(1);
    if (existing) throw new HttpError(409, 'User is already a member of this organization');
    await auth.api.addMember({
      body: { userId: body.userId, organizationId: body.orgId, role: body.role },
    });
    await audit(c, services, body.orgId, {
      action: 'member.add',
      target: { type: 'user', id: body.userId },
      changes: [{ field: 'role', before: null, after: body.role }],
    });
    return c.json({
      success: true,
      message: 'User added to organization',
      data: { orgId: body.orgId, userId: body.userId, role: body.role },
    });
  });

  // ---------- Members ----------

  app.post('/invitations/:invitationId/accept', async (c) => {
    const accepted = await viaAuth(() =>
      auth.api.acceptInvitation({
        body: { invitationId: c.req.param('invitationId') },
        headers: c.req.raw.headers,
      }),
    );
    if (!accepted) throw new HttpError(404, 'Invitation not found');
    const orgId = accepted.member.organizationId;
    const joined = await requireMembership(db, c.get('user').id, orgId);
    await audit(c, services, orgId, {
      action: 'invitation.accept',
      target: { type: 'invitation', id: c.req.param('invitationId') },
      changes: [{ field: 'role', before: null, after: joined.role }],
    });
    return c.json({ success: true, orgId, orgName: joined.orgName, role: joined.role });
  });

  app.get('/:orgId/members', async (c) => {
    const me = await requireMembership(db, c.get('user').id, c.req.param('orgId'));
    const canManage = rolesOf(me).some((r) => managers.includes(r as (typeof managers)[number]));
    return c.json({
      members: await listMembers(db, me.orgId),
      invitations: await listInvitations(db, me.orgId, canManage),
      mailer: mailer !== null,
    });
  });

  app.post('/:orgId/invitations', async (c) => {
    const me = await requireManagerOf(db, c, 'invite members');
    const body = await readJson(c, inviteMemberRequestSchema);
    checkOwnerRule(me, { newRole: body.role }, 'invite an owner');
    const created = await viaAuth(() =>
      auth.api.createInvitation({
        body: { email: body.email, role: body.role, organizationId: me.orgId },
        headers: c.req.raw.headers,
      }),
    );
    const row = await findInvitation(db, me.orgId, created.id);
    await audit(c, services, me.orgId, {
      action: 'invitation.create',
      target: { type: 'invitation', id: row.id },
      changes: [
        { field: 'email', before: null, after: row.email },
        { field: 'role', before: null, after: row.role ?? 'member' },
      ],
    });
    const inviterName = c.get('user').name || c.get('user').email;
    let emailed = false;
    if (mailer) {
      const origin = env.PUBLIC_URL?.replace(/\/+$/, '') || new URL(c.req.url).origin;
      const mail = invitationMail({
        orgName: me.orgName,
        inviterName,
        role: row.role ?? 'member',
        link: `${origin}${invitePath(row.id)}`,
        expiresAt: row.expiresAt,
      });
      try {
        await mailer.send({ to: row.email, ...mail });
        emailed = true;
      } catch (err) {
        // The link is still shown to copy; the console says it was not e-mailed.
        logger.warn({ err, invitationId: row.id }, 'The invitation could not be e-mailed');
      }
    }
    return c.json({
      success: true,
      invitation: invitationToWire(row, inviterName, true),
      emailed,
    });
  });

  app.delete('/:orgId/invitations/:invitationId', async (c) => {
    const me = await requireManagerOf(db, c, 'cancel invitations');
    const row = await findInvitation(db, me.orgId, c.req.param('invitationId'));
    checkOwnerRule(me, { targetRole: row.role ?? undefined }, "cancel an owner's invitation");
    await viaAuth(() =>
      auth.api.cancelInvitation({ body: { invitationId: row.id }, headers: c.req.raw.headers }),
    );
    await audit(c, services, me.orgId, {
      action: 'invitation.cancel',
      target: { type: 'invitation', id: row.id },
      changes: [{ field: 'email', before: row.email, after: null }],
    });
    return c.json({ success: true, message: 'Invitation cancelled' });
  });

  app.patch('/:orgId/members/:memberId', async (c) => {
    const me = await requireManagerOf(db, c, "change members' roles");
    const body = await readJson(c, updateMemberRoleRequestSchema);
    const target = await findMember(db, me.orgId, c.req.param('memberId'));
    checkOwnerRule(
      me,
      { targetRole: target.role, newRole: body.role },
      'grant or change the owner role',
    );
    await viaAuth(() =>
      auth.api.updateMemberRole({
        body: { memberId: target.id, role: body.role, organizationId: me.orgId },
        headers: c.req.raw.headers,
      }),
    );
    await audit(c, services, me.orgId, {
      action: 'member.role_change',
      target: { type: 'user', id: target.userId },
      changes: [{ field: 'role', before: target.role, after: body.role }],
    });
    return c.json({ success: true, message: 'Role changed' });
  });

  app.delete('/:orgId/members/:memberId', async (c) => {
    const userId = c.get('user').id;
    const mine = await requireMembership(db, userId, c.req.param('orgId'));
    const own = await findMember(db, mine.orgId, c.req.param('memberId')).catch(() => null);
    if (own?.userId === userId) {
      // Leaving is everyone's (docs/roles.md); the organization keeps an owner (better-auth
      // refuses the only owner).
      await viaAuth(() =>
        auth.api.leaveOrganization({
          body: { organizationId: mine.orgId },
          headers: c.req.raw.headers,
        }),
      );
      return c.json({ success: true, message: 'You left the organization' });
    }
    const me = await requireRole(db, userId, mine.orgId, managers, 'remove members');
    const target = await findMember(db, me.orgId, c.req.param('memberId'));
    checkOwnerRule(me, { targetRole: target.role }, 'remove an owner');
    await viaAuth(() =>
      auth.api.removeMember({
        body: { memberIdOrEmail: target.id, organizationId: me.orgId },
        headers: c.req.raw.headers,
      }),
    );
    await audit(c, services, me.orgId, {
      action: 'member.remove',
      target: { type: 'user', id: target.userId },
      changes: [{ field: 'role', before: target.role, after: null }],
    });
    return c.json({ success: true, message: 'Member removed' });
  });

  return app;
}

/** /api/invitations/{id}: the invite link's details, shown before the invitee signs in. */
export function invitationRoutes({ db }: Services) {
  const app = new Hono<AppEnv>();
  app.get('/:invitationId', async (c) =>
    c.json(await invitationDetails(db, c.req.param('invitationId'))),
  );
  return app;
}

import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { addUserRequestSchema, createOrgRequestSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { HttpError, readJson } from '../lib/http';
import { membershipsOf, requireMembership } from '../lib/tenancy';
import { member, user } from '../db/schema';

function slugFor(name: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'org';
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

/** /api/org: me, create-org (creator is owner), add-user (owners only; default role member). */
export function orgRoutes({ db, auth }: Services) {
  const app = new Hono<AppEnv>();

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
    const membership = await requireMembership(db, me.id, body.orgId);
    if (membership.role !== 'owner') throw new HttpError(403, 'Only an owner can add users');
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
    return c.json({
      success: true,
      message: 'User added to organization',
      data: { orgId: body.orgId, userId: body.userId, role: body.role },
    });
  });

  return app;
}

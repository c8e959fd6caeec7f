import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { member, organization } from '../db/schema';
import { HttpError } from './http';
import { cachedRead, tags } from './tenantCache';

export interface Membership {
  orgId: string;
  orgName: string;
  role: string;
}

/** The user's organizations, oldest membership first (the spec's "first organization"). */
export function membershipsOf(db: Db, userId: string): Promise<readonly Membership[]> {
  return cachedRead(
    db,
    `memberships:${userId}`,
    (list) => [tags.member(userId), ...list.map((m) => tags.organization(m.orgId))],
    async () =>
      Object.freeze(
        (
          await db
            .select({ orgId: organization.id, orgName: organization.name, role: member.role })
            .from(member)
            .innerJoin(organization, eq(member.organizationId, organization.id))
            .where(eq(member.userId, userId))
            .orderBy(asc(member.createdAt), asc(organization.createdAt))
        ).map((m) => Object.freeze(m)),
      ),
  );
}

/**
 * Resolves an organization the user belongs to. Anything else — another organization or
 * one that does not exist — answers 404, so another tenant's existence is never revealed.
 * Found memberships are cached (lib/tenantCache.ts) until the membership or the organization
 * changes; a refusal is not.
 */
export async function requireMembership(
  db: Db,
  userId: string,
  orgId: string,
): Promise<Membership> {
  const row = await cachedRead(
    db,
    `membership:${userId}:${orgId}`,
    [tags.member(userId), tags.organization(orgId)],
    async () => {
      const [found] = await db
        .select({ orgId: organization.id, orgName: organization.name, role: member.role })
        .from(member)
        .innerJoin(organization, eq(member.organizationId, organization.id))
        .where(and(eq(member.userId, userId), eq(member.organizationId, orgId)))
        .limit(1);
      return found ? Object.freeze(found) : null;
    },
    (found) => found !== null,
  );
  if (!row) throw new HttpError(404, 'Organization not found');
  return row;
}

/** The organization roles, strongest first (docs/roles.md says who may do what). */
export const orgRoles = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof orgRoles)[number];

/** better-auth stores several roles comma-separated ("admin,member"). */
export function rolesOf(membership: Pick<Membership, 'role'>): string[] {
  return membership.role
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

/** "Only an owner can …", "Only an owner or admin can …". */
export function roleNeededMessage(roles: readonly OrgRole[], action: string): string {
  const names = roles.map((r, i) =>
    i === 0 ? `${r === 'admin' || r === 'owner' ? 'an' : 'a'} ${r}` : r,
  );
  return `Only ${names.join(' or ')} can ${action}`;
}

/**
 * The user's membership of the organization if it holds one of `roles`: not a member → 404 (as
 * requireMembership); a member without the role → 403 naming the roles needed and the action.
 */
export async function requireRole(
  db: Db,
  userId: string,
  orgId: string,
  roles: readonly OrgRole[],
  action: string,
): Promise<Membership> {
  const membership = await requireMembership(db, userId, orgId);
  if (!rolesOf(membership).some((r) => (roles as readonly string[]).includes(r)))
    throw new HttpError(403, roleNeededMessage(roles, action), {
      code: 'role_required',
      required_roles: roles,
    });
  return membership;
}

/** The roles that manage the organization's providers, members and limits. */
export const managers: readonly OrgRole[] = ['owner', 'admin'];

/** What a route under `/:orgId/…` gives: the caller and the path's organization. */
export interface OrgRouteContext {
  get(key: 'user'): { id: string };
  req: { param(key: 'orgId'): string };
}

/**
 * A route under `/:orgId/…` that owners and admins use: the caller's membership of that
 * organization (requireRole with `managers`: not a member → 404, a member → 403 naming `action`).
 */
export function requireManagerOf(db: Db, c: OrgRouteContext, action: string): Promise<Membership> {
  return requireRole(db, c.get('user').id, c.req.param('orgId'), managers, action);
}

/**
 * The organization a request is about — one rule for every feature: the one it names (`field`,
 * checked: not a member → 404), else the user's only organization; a user of several who names
 * none gets 400 naming the field (a silent choice would read or write another tenant's data).
 */
export async function organizationOf(
  db: Db,
  userId: string,
  asked: unknown,
  field = 'organization_id',
): Promise<string> {
  if (typeof asked === 'string' && asked) return (await requireMembership(db, userId, asked)).orgId;
  const mine = await membershipsOf(db, userId);
  if (mine.length === 1) return mine[0]!.orgId;
  const message = 'is required (you belong to several organizations)';
  throw new HttpError(400, `${field}: ${message}`, { issues: [{ field, message }] });
}

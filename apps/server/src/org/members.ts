import { and, asc, desc, eq, notExists } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { InvitationStatus, OrgInvitation, OrgMember, OrgRole } from '@parley/api-client';
import type { Db } from '../db/client';
import { apiKeys, invitation, member, organization, user } from '../db/schema';
import { HttpError } from '../lib/http';
import { rolesOf, type Membership } from '../lib/tenancy';

/** The console's page for an invite link (apps/console: /invite/{id}). */
export const invitePath = (id: string) => `/invite/${encodeURIComponent(id)}`;

const displayName = (u: { name: string; email: string }) => u.name.trim() || u.email;

/** Not an organization API key's own user (a key's membership is its, not a person's: apikeys/). */
const isPerson = (db: Db) =>
  notExists(db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, member.userId)));

/** The organization's members (people: not its API keys), oldest first. */
export async function listMembers(db: Db, orgId: string): Promise<OrgMember[]> {
  const rows = await db
    .select({
      memberId: member.id,
      userId: member.userId,
      role: member.role,
      createdAt: member.createdAt,
      name: user.name,
      email: user.email,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, orgId), isPerson(db)))
    .orderBy(asc(member.createdAt));
  return rows.map((r) => ({
    memberId: r.memberId,
    userId: r.userId,
    name: displayName(r),
    email: r.email,
    role: r.role,
    createdAt: r.createdAt.toISOString(),
  }));
}

function statusOf(row: { status: string; expiresAt: Date }, now: Date): InvitationStatus {
  if (row.status === 'pending' && row.expiresAt <= now) return 'expired';
  return (['pending', 'accepted', 'rejected', 'canceled'] as const).find((s) => s === row.status)
    ? (row.status as InvitationStatus)
    : 'canceled';
}

/** Pending invitations (expired ones included, marked so); links only when `withLinks`. */
export async function listInvitations(
  db: Db,
  orgId: string,
  withLinks: boolean,
  now = new Date(),
): Promise<OrgInvitation[]> {
  const rows = await db
    .select({ inv: invitation, inviterName: user.name, inviterEmail: user.email })
    .from(invitation)
    .leftJoin(user, eq(user.id, invitation.inviterId))
    .where(and(eq(invitation.organizationId, orgId), eq(invitation.status, 'pending')))
    .orderBy(desc(invitation.createdAt));
  return rows.map(({ inv, inviterName, inviterEmail }) =>
    invitationToWire(
      inv,
      inviterEmail ? displayName({ name: inviterName ?? '', email: inviterEmail }) : null,
      withLinks,
      now,
    ),
  );
}

export function invitationToWire(
  inv: typeof invitation.$inferSelect,
  inviterName: string | null,
  withLink: boolean,
  now = new Date(),
): OrgInvitation {
  return {
    id: inv.id,
    email: inv.email,
    role: inv.role ?? 'member',
    status: statusOf(inv, now),
    expiresAt: inv.expiresAt.toISOString(),
    createdAt: inv.createdAt.toISOString(),
    inviterName,
    path: withLink ? invitePath(inv.id) : null,
  };
}

/** What the invite link's page shows: the organization, the invited address and role. */
export async function invitationDetails(db: Db, id: string, now = new Date()) {
  const [row] = await db
    .select({ inv: invitation, orgName: organization.name, inviterName: user.name })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .leftJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.id, id))
    .limit(1);
  if (!row) throw new HttpError(404, 'Invitation not found');
  return {
    id: row.inv.id,
    organizationName: row.orgName,
    email: row.inv.email,
    role: row.inv.role ?? 'member',
    status: statusOf(row.inv, now),
    inviterName: row.inviterName?.trim() || null,
    expiresAt: row.inv.expiresAt.toISOString(),
  };
}

/** A member of this organization by its member id; another organization's (or a key's) → 404. */
export async function findMember(db: Db, orgId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.organizationId, orgId), isPerson(db)))
    .limit(1);
  if (!row) throw new HttpError(404, 'Member not found');
  return row;
}

/** A pending invitation of this organization; another organization's → 404. */
export async function findInvitation(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(invitation)
    .where(and(eq(invitation.id, id), eq(invitation.organizationId, orgId)))
    .limit(1);
  if (!row || row.status !== 'pending') throw new HttpError(404, 'Invitation not found');
  return row;
}

const isOwner = (role: string) => rolesOf({ role }).includes('owner');

/**
 * Only an owner grants, changes or removes the owner role (an admin manages admins and members).
 * Throws 403 naming the rule.
 */
export function checkOwnerRule(
  actor: Membership,
  change: { targetRole?: string; newRole?: OrgRole },
  action: string,
) {
  if (isOwner(actor.role)) return;
  if ((change.targetRole && isOwner(change.targetRole)) || change.newRole === 'owner')
    throw new HttpError(403, `Only an owner can ${action}`, {
      code: 'role_required',
      required_roles: ['owner'],
    });
}

/** Runs a better-auth organization call; its refusals become our errors with its message. */
export async function viaAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof APIError) {
      const status = error.statusCode;
      const message =
        (typeof error.body?.message === 'string' && error.body.message) || error.message;
      throw new HttpError(
        status === 403 || status === 401 ? 403 : status === 404 ? 404 : status === 409 ? 409 : 400,
        message,
      );
    }
    throw error;
  }
}

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { member, organization } from '../db/schema';
import { HttpError } from './http';

export interface Membership {
  orgId: string;
  orgName: string;
  role: string;
}

/** The user's organizations, oldest membership first (the spec's "first organization"). */
export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({ orgId: organization.id, orgName: organization.name, role: member.role })
    .from(member)
    .innerJoin(organization, eq(member.organizationId, organization.id))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt), asc(organization.createdAt));
  return rows;
}

/**
 * Resolves an organization the user belongs to. Anything else — another organization or
 * one that does not exist — answers 404, so another tenant's existence is never revealed.
 */
export async function requireMembership(
  db: Db,
  userId: string,
  orgId: string,
): Promise<Membership> {
  const [row] = await db
    .select({ orgId: organization.id, orgName: organization.name, role: member.role })
    .from(member)
    .innerJoin(organization, eq(member.organizationId, organization.id))
    .where(and(eq(member.userId, userId), eq(member.organizationId, orgId)))
    .limit(1);
  if (!row) throw new HttpError(404, 'Organization not found');
  return row;
}

import type { Db } from '../db/client';
import { HttpError } from './http';
import { membershipsOf, requireMembership, type Membership } from './tenancy';

/**
 * An organization named in a path by its id or, where the spec says so (phone numbers,
 * scheduling, agents by organization: channels-and-shell §6), by its name: one of the user's
 * organizations with that id, else the first (oldest membership) with that name. Anything else
 * answers 404, as requireMembership does.
 */
export async function requireMembershipByKey(
  db: Db,
  userId: string,
  key: string,
): Promise<Membership> {
  const mine = await membershipsOf(db, userId);
  const found = mine.find((m) => m.orgId === key) ?? mine.find((m) => m.orgName === key);
  if (found) return requireMembership(db, userId, found.orgId);
  throw new HttpError(404, 'Organization not found');
}

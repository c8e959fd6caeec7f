/** The organization the dashboard works in (spec: agents-and-knowledge §1, channels-and-shell §6). */
export interface ScopedOrganization {
  orgId: string;
  orgName: string;
  /** True for the stand-in workspace used when the user has no organization. */
  isStandIn: boolean;
}

export interface SessionUserLike {
  userId: string;
  organizations?: ReadonlyArray<{ orgId: string; orgName?: string | null }> | null;
}

export interface MembershipLike {
  /** The user's membership map, in membership order. */
  memberships?: ReadonlyArray<{ orgId: string; orgName?: string | null }> | null;
}

export const standInOrganizationName = 'Single User Workspace';
export const fallbackOrganizationName = 'My Organization';

/**
 * The organization the user chose (the switcher, an accepted invitation) while they still belong
 * to it; else the first organization in the user's membership map, else the first organization on
 * the user object; with none, the user id stands in as an organization named 'Single User
 * Workspace'.
 */
export function scopeOrganization(
  user: SessionUserLike,
  membership: MembershipLike = {},
  chosenOrgId?: string | null,
): ScopedOrganization {
  const all = [...(membership.memberships ?? []), ...(user.organizations ?? [])];
  const chosen = chosenOrgId ? all.find((o) => o.orgId === chosenOrgId) : undefined;
  const first = chosen ?? membership.memberships?.[0] ?? user.organizations?.[0];
  if (first) {
    return {
      orgId: first.orgId,
      orgName: first.orgName || fallbackOrganizationName,
      isStandIn: false,
    };
  }
  return { orgId: user.userId, orgName: standInOrganizationName, isStandIn: true };
}

/** The navbar's organization initial: first character of the name, upper-cased. */
export function organizationInitial(name: string): string {
  return (name.trim()[0] ?? 'M').toUpperCase();
}

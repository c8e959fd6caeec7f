import {
  hasOrgRole,
  managerRoles,
  orgRoleLabels,
  orgRoleSchema,
  type OrgMember,
  type OrgRole,
} from '@parley/api-client';

/** Why a control is disabled, in the words the server uses (docs/roles.md). */
export const reasons = {
  manage: 'Only an owner or admin can invite members, change roles and remove members.',
  ownerRole: "Only an owner can change an owner's role or remove an owner.",
  lastOwner: 'The organization needs an owner: make someone else owner first.',
} as const;

/** A role string (better-auth may store "admin,member") as one of ours: the strongest held. */
export function primaryRole(role: string | null | undefined): OrgRole {
  return (['owner', 'admin', 'member'] as const).find((r) => hasOrgRole(role, [r])) ?? 'member';
}

export const roleLabel = (role: string | null | undefined) => orgRoleLabels[primaryRole(role)];

export interface MemberActions {
  /** Roles the viewer may give this member (empty: the role select is disabled). */
  roleChoices: OrgRole[];
  canChangeRole: boolean;
  canRemove: boolean;
  /** Why changing or removing is not possible (shown beside the disabled controls). */
  reason: string | null;
}

/**
 * What the viewer may do to one member, and why not. On the viewer's own row (`self`) removing is
 * leaving, which is everyone's (docs/roles.md) except the only owner's.
 */
export function memberActions(
  viewerRole: string | null | undefined,
  target: Pick<OrgMember, 'role'>,
  owners: number,
  self = false,
): MemberActions {
  const actions = managedActions(viewerRole, target, owners);
  if (!self) return actions;
  const onlyOwner = hasOrgRole(target.role, ['owner']) && owners <= 1;
  return {
    ...actions,
    canRemove: !onlyOwner,
    reason: onlyOwner ? reasons.lastOwner : actions.reason,
  };
}

function managedActions(
  viewerRole: string | null | undefined,
  target: Pick<OrgMember, 'role'>,
  owners: number,
): MemberActions {
  const none = (reason: string): MemberActions => ({
    roleChoices: [],
    canChangeRole: false,
    canRemove: false,
    reason,
  });
  if (!hasOrgRole(viewerRole, managerRoles)) return none(reasons.manage);
  const viewerIsOwner = hasOrgRole(viewerRole, ['owner']);
  const targetIsOwner = hasOrgRole(target.role, ['owner']);
  if (targetIsOwner && !viewerIsOwner) return none(reasons.ownerRole);
  if (targetIsOwner && owners <= 1) return none(reasons.lastOwner);
  const roleChoices = orgRoleSchema.options.filter((r) => viewerIsOwner || r !== 'owner');
  return { roleChoices, canChangeRole: true, canRemove: true, reason: null };
}

/** The roles the viewer may invite with (an admin cannot invite an owner). */
export function inviteRoles(viewerRole: string | null | undefined): OrgRole[] {
  if (!hasOrgRole(viewerRole, managerRoles)) return [];
  return hasOrgRole(viewerRole, ['owner']) ? ['member', 'admin', 'owner'] : ['member', 'admin'];
}

/** The invite link to copy: this console's address plus the server's path. */
export const inviteLink = (origin: string, path: string) => `${origin.replace(/\/+$/, '')}${path}`;

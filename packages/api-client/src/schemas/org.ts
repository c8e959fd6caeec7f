import { z } from 'zod';

export const orgNameRequiredMessage = 'Organization name is required';
export const orgNameCharsMessage =
  'Organization name can only contain letters, numbers, underscores, and spaces';

/** Organization name (channels-and-shell §5): required after trimming; letters, digits, _ and spaces. */
export const orgNameSchema = z
  .string({ error: orgNameRequiredMessage })
  .trim()
  .min(1, orgNameRequiredMessage)
  .regex(/^[A-Za-z0-9_ ]+$/, orgNameCharsMessage)
  .max(100, 'Organization name must be at most 100 characters');

export const createOrgRequestSchema = z.object({ orgName: orgNameSchema });
export type CreateOrgRequest = z.infer<typeof createOrgRequestSchema>;

export const createOrgResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  data: z.object({ orgId: z.string(), orgName: z.string() }),
});
export type CreateOrgResponse = z.infer<typeof createOrgResponseSchema>;

/** Organization roles (docs/roles.md): owner, admin, member. */
export const orgRoleSchema = z.enum(['owner', 'admin', 'member']);
export type OrgRole = z.infer<typeof orgRoleSchema>;

export const addUserRequestSchema = z.object({
  orgId: z.string().min(1, 'orgId is required'),
  userId: z.string().min(1, 'userId is required'),
  role: orgRoleSchema.default('member'),
});
export type AddUserRequest = z.input<typeof addUserRequestSchema>;

export const addUserResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  data: z.object({ orgId: z.string(), userId: z.string(), role: orgRoleSchema }),
});

export const sessionUserSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const organizationSummarySchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  role: z.string().nullable().optional(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

/** GET /api/org/me — the signed-in user and their organizations (oldest membership first). */
export const meResponseSchema = z.object({
  user: sessionUserSchema,
  organizations: z.array(organizationSummarySchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** The role's label in the console. */
export const orgRoleLabels: Record<OrgRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

/** The roles that manage providers, members and limits (docs/roles.md). */
export const managerRoles: readonly OrgRole[] = ['owner', 'admin'];

/** Whether a membership role (better-auth may store "admin,member") is one of `roles`. */
export function hasOrgRole(role: string | null | undefined, roles: readonly OrgRole[]): boolean {
  return (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .some((r) => (roles as readonly string[]).includes(r));
}

/** The actions behind the owner's and admins' controls, as the server's 403 names them. */
export const managerActions = {
  sync: 'sync numbers from the provider',
  credentials: 'change provider credentials',
  dialling: 'change dialling settings',
  resume: 'resume dialling',
  removeDoNotCall: 'remove numbers from the do-not-call list',
} as const;

/**
 * Why a member may not use an owner's or admin's control (null when the role may, or is not
 * known: the server still decides), in the server's own 403 words: 'Only an owner or admin can
 * {action}' (docs/roles.md).
 */
export function managerOnlyReason(role: string | null | undefined, action: string): string | null {
  if (!role || hasOrgRole(role, managerRoles)) return null;
  return `Only an owner or admin can ${action}`;
}

/** One member of an organization (GET /api/org/{orgId}/members). */
export const orgMemberSchema = z.object({
  memberId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  createdAt: z.string(),
});
export type OrgMember = z.infer<typeof orgMemberSchema>;

export const invitationStatusSchema = z.enum([
  'pending',
  'accepted',
  'rejected',
  'canceled',
  'expired',
]);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** A pending invitation; `path` (the invite link's path) only for owners and admins. */
export const orgInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  status: invitationStatusSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
  inviterName: z.string().nullable(),
  path: z.string().nullable(),
});
export type OrgInvitation = z.infer<typeof orgInvitationSchema>;

export const membersResponseSchema = z.object({
  members: z.array(orgMemberSchema),
  invitations: z.array(orgInvitationSchema),
  /** Whether this server e-mails invitation links (PARLEY_SMTP_URL); else they are shared by hand. */
  mailer: z.boolean(),
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const inviteMemberRequestSchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'email is required')
    .max(254, 'email must be at most 254 characters')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  role: orgRoleSchema.default('member'),
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequestSchema>;

export const inviteMemberResponseSchema = z.object({
  success: z.boolean(),
  invitation: orgInvitationSchema,
  /** Whether the link was e-mailed to the invitee (only when the server has a mailer). */
  emailed: z.boolean(),
});
export type InviteMemberResponse = z.infer<typeof inviteMemberResponseSchema>;

export const updateMemberRoleRequestSchema = z.object({ role: orgRoleSchema });

export const okResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });

/** GET /api/invitations/{id}: what the invite link's page shows before anyone signs in. */
export const invitationDetailsSchema = z.object({
  id: z.string(),
  organizationName: z.string(),
  email: z.string(),
  role: z.string(),
  status: invitationStatusSchema,
  inviterName: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export const acceptInvitationResponseSchema = z.object({
  success: z.boolean(),
  orgId: z.string(),
  orgName: z.string(),
  role: z.string(),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

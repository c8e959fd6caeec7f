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

export const orgRoleSchema = z.enum(['owner', 'member']);
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

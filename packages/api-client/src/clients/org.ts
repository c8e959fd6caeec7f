import { createHttp, type HttpOptions } from '../http';
import { ApiError } from '../errors';
import {
  acceptInvitationResponseSchema,
  invitationDetailsSchema,
  inviteMemberResponseSchema,
  membersResponseSchema,
  okResponseSchema,
  type InviteMemberRequest,
  type OrgRole,
  addUserResponseSchema,
  createOrgResponseSchema,
  meResponseSchema,
  type AddUserRequest,
  type MeResponse,
} from '../schemas/org';

/** The organization service, default base '/api/org'. */
export function createOrgClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  return {
    /** The signed-in user and organizations; null when signed out (401). */
    me: async (): Promise<MeResponse | null> => {
      try {
        return await http('GET', '/me', { schema: meResponseSchema });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    createOrg: (orgName: string) =>
      http('POST', '/create-org', { json: { orgName }, schema: createOrgResponseSchema }),
    addUser: (body: AddUserRequest) =>
      http('POST', '/add-user', { json: body, schema: addUserResponseSchema }),
    /** Members and pending invitations of an organization. */
    members: (orgId: string) =>
      http('GET', `/${encodeURIComponent(orgId)}/members`, { schema: membersResponseSchema }),
    invite: (orgId: string, body: InviteMemberRequest) =>
      http('POST', `/${encodeURIComponent(orgId)}/invitations`, {
        json: body,
        schema: inviteMemberResponseSchema,
      }),
    cancelInvitation: (orgId: string, invitationId: string) =>
      http(
        'DELETE',
        `/${encodeURIComponent(orgId)}/invitations/${encodeURIComponent(invitationId)}`,
        { schema: okResponseSchema },
      ),
    changeRole: (orgId: string, memberId: string, role: OrgRole) =>
      http('PATCH', `/${encodeURIComponent(orgId)}/members/${encodeURIComponent(memberId)}`, {
        json: { role },
        schema: okResponseSchema,
      }),
    removeMember: (orgId: string, memberId: string) =>
      http('DELETE', `/${encodeURIComponent(orgId)}/members/${encodeURIComponent(memberId)}`, {
        schema: okResponseSchema,
      }),
    acceptInvitation: (invitationId: string) =>
      http('POST', `/invitations/${encodeURIComponent(invitationId)}/accept`, {
        json: {},
        schema: acceptInvitationResponseSchema,
      }),
  };
}
export type OrgClient = ReturnType<typeof createOrgClient>;

/** The invite link's public details, default base '/api/invitations' (no session needed). */
export function createInvitationsClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  return {
    details: (invitationId: string) =>
      http('GET', `/${encodeURIComponent(invitationId)}`, { schema: invitationDetailsSchema }),
  };
}
export type InvitationsClient = ReturnType<typeof createInvitationsClient>;

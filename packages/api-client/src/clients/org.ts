import { createHttp, type HttpOptions } from '../http';
import { ApiError } from '../errors';
import {
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
  };
}
export type OrgClient = ReturnType<typeof createOrgClient>;

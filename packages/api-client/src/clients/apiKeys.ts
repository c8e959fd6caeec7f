import { createHttp, type HttpOptions } from '../http';
import {
  apiKeysListSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
  type CreateApiKeyRequest,
} from '../schemas/apiKeys';

/** An organization's API keys, default base '/api/org' (owners and admins create and revoke). */
export function createApiKeysClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  const base = (orgId: string) => `/${encodeURIComponent(orgId)}/api-keys`;
  return {
    list: (orgId: string, signal?: AbortSignal) =>
      http('GET', base(orgId), { schema: apiKeysListSchema, signal }),
    /** The answer carries the key itself, this once. */
    create: (orgId: string, body: CreateApiKeyRequest) =>
      http('POST', base(orgId), { json: body, schema: createApiKeyResponseSchema }),
    revoke: (orgId: string, id: string) =>
      http('DELETE', `${base(orgId)}/${encodeURIComponent(id)}`, {
        schema: revokeApiKeyResponseSchema,
      }),
  };
}
export type ApiKeysClient = ReturnType<typeof createApiKeysClient>;

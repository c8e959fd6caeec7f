import * as api from '@parley/api-client';
import type { Operation } from '../lib/openapiOperation';

/** The API key calls in the OpenAPI document (openapi.ts lists them with the others). */
export const apiKeyOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/org/:orgId/api-keys',
    summary: "The organization's active API keys, masked (parley_…abcd), with their last use",
    tag: 'API keys',
    auth: 'session',
    response: api.apiKeysListSchema,
  },
  {
    method: 'post',
    path: '/api/org/:orgId/api-keys',
    summary:
      'Create an API key with scopes (owners and admins): 201 with the key, shown this once; 409 past 50 active keys',
    tag: 'API keys',
    auth: 'session',
    body: api.createApiKeyRequestSchema,
    response: api.createApiKeyResponseSchema,
  },
  {
    method: 'delete',
    path: '/api/org/:orgId/api-keys/:id',
    summary: 'Revoke an API key at once, on every server process (owners and admins)',
    tag: 'API keys',
    auth: 'session',
    response: api.revokeApiKeyResponseSchema,
  },
];

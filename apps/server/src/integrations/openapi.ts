import * as api from '@parley/api-client';
import { op, type Operation } from '../lib/openapiOperation';

/** Provider credentials, shared providers and the system status: assembled into the document by openapi.ts. */
export const integrationOperations: Operation[] = [
  // prettier-ignore
  op('get', '/api/system-status/:org', "What is configured for the organization (model keys, LiveKit, telephony, mail): names and counts, no secrets", 'Integrations', 'session', { response: api.systemStatusSchema }),
  {
    method: 'get',
    path: '/api/shared-providers/:org',
    summary:
      "The install's shared provider resources (server-wide keys, Twilio, sandbox numbers) and whether they serve the organization (id or name)",
    tag: 'Integrations',
    auth: 'session',
    response: api.sharedProvidersSchema,
  },
  {
    method: 'get',
    path: '/api/integrations/organization/:org',
    summary: "The organization's provider credentials, masked",
    tag: 'Integrations',
    auth: 'session',
  },
  {
    method: 'get',
    path: '/api/integrations/organization/:org/:provider',
    summary: "One provider's credentials, masked to the last 4",
    tag: 'Integrations',
    auth: 'session',
  },
  {
    method: 'put',
    path: '/api/integrations/organization/:org/:provider',
    summary: "Set a provider's credentials (stored encrypted; owners and admins)",
    tag: 'Integrations',
    auth: 'session',
    body: api.setIntegrationRequestSchema,
  },
  {
    method: 'delete',
    path: '/api/integrations/organization/:org/:provider',
    summary: "Remove a provider's credentials (owners and admins)",
    tag: 'Integrations',
    auth: 'session',
  },
  {
    method: 'post',
    path: '/api/integrations/organization/:org/:provider/test',
    summary: 'Test the stored credentials against the provider (owners and admins)',
    tag: 'Integrations',
    auth: 'session',
  },
  {
    method: 'get',
    path: '/api/integrations/organization/:org/:provider/voices',
    summary: "The provider's voices (ElevenLabs, Cartesia), through the stored key",
    tag: 'Integrations',
    auth: 'session',
  },
];

import * as api from '@parley/api-client';
import { op, orgQuery, type Operation } from '../lib/openapiOperation';

/** The organization's phone numbers (/voice/phone-numbers): assembled into the document by openapi.ts. */
// prettier-ignore
export const phoneNumberOperations: Operation[] = [
  op('get', '/voice/phone-numbers/organization/:org', "An organization's phone numbers", 'Phone numbers', 'session', { response: api.phoneNumberListResponseSchema }),
  op('get', '/voice/phone-numbers/status/available', 'Numbers free to assign', 'Phone numbers', 'session', { query: orgQuery }),
  op('post', '/voice/phone-numbers/sync-all-providers', 'Sync the numbers from the telephony provider', 'Phone numbers', 'session', { body: api.syncRequestSchema, response: api.syncResponseSchema }),
  op('post', '/voice/phone-numbers/:phoneId/assign/:agentName', 'Assign an agent to a number (voice)', 'Phone numbers', 'session', { response: api.assignResponseSchema }),
  op('put', '/voice/phone-numbers/:phoneId/assign', 'Assign (agent_id) or unassign (null) a number', 'Phone numbers', 'session', { body: api.putAssignBodySchema }),
  op('post', '/voice/phone-numbers/:phoneId/unassign/:agentId', "Unassign a number's agent", 'Phone numbers', 'session'),
  op('delete', '/voice/phone-numbers/:phoneId/unassign/:agentId', "Unassign a number's agent", 'Phone numbers', 'session'),
  op('post', '/voice/phone-numbers/:phoneId/unassign', "Unassign a number's agent (agent_id in the body)", 'Phone numbers', 'session', { body: api.unassignBodySchema }),
];

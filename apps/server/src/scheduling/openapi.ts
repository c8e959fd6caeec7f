import * as api from '@parley/api-client';
import { op, type Operation } from '../lib/openapiOperation';

/** Scheduled outbound calls (docs/scheduled-calls.md): assembled into the document by openapi.ts. */
// prettier-ignore
export const scheduledCallOperations: Operation[] = [
  // ---- scheduled outbound calls (docs/scheduled-calls.md) ----
  op('post', '/voice/scheduled/create', 'Schedule an outbound call', 'Scheduled calls', 'session', { body: api.createScheduledRequestSchema, response: api.scheduledEventSchema }),
  op('put', '/voice/scheduled/:id', 'Edit a pending scheduled call', 'Scheduled calls', 'session', { body: api.updateScheduledRequestSchema, response: api.scheduledEventSchema }),
  op('delete', '/voice/scheduled/:id', 'Delete a scheduled call, pending or finished (not while it is being dialled)', 'Scheduled calls', 'session'),
  op('get', '/voice/scheduled/organization/:org/schedules', "An organization's scheduled calls, newest first (agent_id, call_type, status, limit, offset)", 'Scheduled calls', 'session', { response: api.scheduledListResponseSchema }),
  op('get', '/voice/scheduled/organization/:org/settings', "The organization's dialling settings (calling window, concurrency cap, breaker)", 'Scheduled calls', 'session', { response: api.schedulingSettingsResponseSchema }),
  op('put', '/voice/scheduled/organization/:org/settings', "Change the organization's dialling settings (owner or admin)", 'Scheduled calls', 'session', { body: api.schedulingSettingsSchema, response: api.schedulingSettingsResponseSchema }),
  op('post', '/voice/scheduled/organization/:org/resume', 'Resume dialling after the circuit breaker paused it', 'Scheduled calls', 'session'),
  op('get', '/voice/scheduled/organization/:org/do-not-call', "The organization's do-not-call list and the numbers that sent STOP (never dialled either)", 'Scheduled calls', 'session', { response: api.doNotCallResponseSchema }),
  op('post', '/voice/scheduled/organization/:org/do-not-call', 'Add a number to the do-not-call list', 'Scheduled calls', 'session', { body: api.doNotCallRequestSchema, response: api.doNotCallResponseSchema }),
  op('delete', '/voice/scheduled/organization/:org/do-not-call/:number', 'Remove a number from the do-not-call list (owner or admin)', 'Scheduled calls', 'session', { response: api.doNotCallResponseSchema }),
  op('get', '/voice/scheduled/organization/:org/sandbox-outcomes', "The sandbox's outcome per number for dialled calls", 'Scheduled calls', 'session'),
  op('put', '/voice/scheduled/organization/:org/sandbox-outcomes', "Set the sandbox's outcome for a number (answered, no-answer, busy, voicemail, failed)", 'Scheduled calls', 'session'),
];

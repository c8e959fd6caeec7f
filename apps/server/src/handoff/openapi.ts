import * as api from '@parley/api-client';
import { op, orgQuery, type Operation } from '../lib/openapiOperation';

/** Handoff to people (issue 41, docs/inbox-and-analytics.md): assembled into the document by openapi.ts. */
// prettier-ignore
export const handoffOperations: Operation[] = [
  // ---- handoff to people (issue 41, docs/inbox-and-analytics.md) ----
  op('get', '/api/conversations/waiting', 'The conversations waiting for a person now (needs_human), the longest waiting first (at most 200), and how many', 'Handoff', 'session', { query: orgQuery, response: api.waitingListSchema }),
  op('get', '/api/org/:orgId/business-hours', "The organization's business hours: time zone, opening ranges per day, holidays, out-of-hours message", 'Handoff', 'session', { response: api.businessHoursSchema }),
  op('put', '/api/org/:orgId/business-hours', 'Replace the business hours (owners and admins; IANA time zone, ranges HH:MM, holidays YYYY-MM-DD)', 'Handoff', 'session', { body: api.businessHoursSchema, response: api.businessHoursSchema }),
  op('get', '/api/org/:orgId/notifications', "The signed-in member's alerts of the organization (e-mail when a conversation needs a person) and whether the install has a mailer", 'Handoff', 'session', { response: api.memberNotificationsSchema }),
  op('put', '/api/org/:orgId/notifications', "Turn the signed-in member's e-mail alerts on or off", 'Handoff', 'session', { body: api.memberNotificationsUpdateSchema, response: api.memberNotificationsSchema }),
  op('get', '/api/account/profile', "The signed-in member's phone number (a call that asks for a person is put through to it)", 'Handoff', 'session', { response: api.memberProfileSchema }),
  op('put', '/api/account/profile', "Set or clear the signed-in member's phone number (E.164 with its country code)", 'Handoff', 'session', { body: api.memberProfileUpdateSchema, response: api.memberProfileSchema }),
  op('post', '/v1/conversations/:id/handoff', "'Talk to a person': the conversation's own visitor asks for a person of the team (anyone else: 404)", 'Runtime', 'agentKey', { body: api.visitorHandoffRequestSchema, response: api.visitorHandoffResponseSchema }),
  op('post', '/webhooks/twilio/whisper/:id', 'TwiML said to the member a call is put through to, before the caller is bridged (signed by Twilio)', 'Webhooks', 'twilioSignature', { form: true, produces: 'text/xml' }),
];

import * as api from '@parley/api-client';
import type { Operation } from '../lib/openapiOperation';

/** Privacy, a person's data and the audit log (issue 42): assembled into the document by openapi.ts. */
export const privacyOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/org/:orgId/privacy',
    summary: "The organization's storage mode, retention and redaction (any member)",
    tag: 'Privacy',
    auth: 'session',
    response: api.privacySettingsSchema,
  },
  {
    method: 'put',
    path: '/api/org/:orgId/privacy',
    summary:
      'Change the storage mode, retention or redaction (owners and admins; fields left out are kept)',
    tag: 'Privacy',
    auth: 'session',
    body: api.privacySettingsUpdateSchema,
    response: api.privacySettingsSchema,
  },
  {
    method: 'post',
    path: '/api/org/:orgId/privacy/purge',
    summary:
      "Remove the organization's data older than older_than (days, or an ISO date or date-time): conversations, calls, messages, test runs, mail sends, outboxes, finished scheduled calls; dry_run answers what would be removed. 202 with what was removed so far when it runs longer than the request waits (owners and admins)",
    tag: 'Privacy',
    auth: 'session',
    body: api.purgeRequestSchema,
    response: api.purgeResponseSchema,
  },
  {
    method: 'get',
    path: '/api/org/:orgId/privacy/purges',
    summary:
      "The organization's latest purges (the retention job's and those asked for), newest first (any member)",
    tag: 'Privacy',
    auth: 'session',
    response: api.purgeListSchema,
  },
  {
    method: 'get',
    path: '/api/org/:orgId/contacts/:contact/export',
    summary:
      "A person's data as one JSON document: conversations, messages, calls, scheduled calls, consent records, outbox (contact: a phone number in any format, an e-mail address or a widget user id; owners and admins)",
    tag: 'Privacy',
    auth: 'session',
    response: api.contactExportSchema,
  },
  {
    method: 'delete',
    path: '/api/org/:orgId/contacts/:contact',
    summary:
      "Erase a person's data and answer the counts; their do-not-contact records keep a keyed hash (owners and admins)",
    tag: 'Privacy',
    auth: 'session',
    response: api.contactErasureSchema,
  },
  {
    method: 'get',
    path: '/api/org/:orgId/audit-log',
    summary: 'The audit log, newest first (owners and admins)',
    tag: 'Privacy',
    auth: 'session',
    query: {
      cursor: 'The next_cursor of the page before',
      actor: "A user's id or e-mail address",
      action: "An action ('agent.update') or a family of them ('agent')",
      limit: 'Entries per page (1–500, default 50)',
    },
    response: api.auditLogSchema,
  },
  {
    method: 'get',
    path: '/api/org/:orgId/audit-log/verify',
    summary:
      "Check the audit log's hash chain; names the first entry that does not follow (owners and admins)",
    tag: 'Privacy',
    auth: 'session',
    response: api.auditVerifySchema,
  },
];

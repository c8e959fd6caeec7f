import * as api from '@parley/api-client';
import { op, orgQuery, type Operation } from '../../lib/openapiOperation';

/** The Email channel (/messaging/mail, /webhooks/mail; issue 25): assembled into the document by openapi.ts. */
// prettier-ignore
export const mailOperations: Operation[] = [
  // ---- /messaging/mail: the Email channel (issue 25) ----
  op('get', '/messaging/mail/agent-mappings', 'The assigned mailboxes (§3 Email mappings)', 'Email', 'session', { query: orgQuery, response: api.mailAgentMappingsResponseSchema }),
  op('post', '/messaging/mail/agent-mapping', "Assign an agent to a mailbox (query email_address, agent_url, api_key, description; the key must be one of the organization's agents)", 'Email', 'session', { query: { email_address: 'Required: the mailbox', agent_url: "Required: the agent's Agent URL or agent:{id}", api_key: "Required: the agent's key", description: 'Optional' }, response: api.mailAgentMappingAnswerSchema }),
  op('delete', '/messaging/mail/unassign-email-agent/:email', "Unassign a mailbox's agent", 'Email', 'session', { query: orgQuery, response: api.mailResultSchema }),
  op('get', '/messaging/mail/conversation-mappings', 'Which thread each correspondent belongs to (with its Message-IDs)', 'Email', 'session', { query: orgQuery, response: api.mailConversationMappingsResponseSchema }),
  op('get', '/messaging/mail/webhook/conversations', 'Email threads, newest activity first, with their messages', 'Email', 'session', { query: { ...orgQuery, mailbox: 'Optional: one mailbox' }, response: api.mailConversationsResponseSchema }),
  op('post', '/messaging/mail/webhook/send', 'Send an email (the Send Message form: recipient_phone = To, context = subject, receiving_number = From; a future scheduled_time queues it)', 'Email', 'session', { form: true, body: api.mailSendRequestSchema, response: api.mailSendAnswerSchema }),
  op('post', '/messaging/mail/send-test-email', "Send a test email from one of the organization's mailboxes (query to_email, subject, message, from_email)", 'Email', 'session', { query: { to_email: 'Required', subject: 'Required', message: 'Required', from_email: "Required: one of the organization's mailboxes" }, response: api.mailSendAnswerSchema }),
  op('get', '/messaging/mail/mailboxes', "The organization's mailboxes (passwords masked)", 'Email', 'session', { query: orgQuery, response: api.mailboxesResponseSchema }),
  op('put', '/messaging/mail/mailboxes/:email', "A mailbox's SMTP/IMAP settings, name and autonomy (owner or admin)", 'Email', 'session', { body: api.mailboxRequestSchema, response: api.mailboxAnswerSchema }),
  op('delete', '/messaging/mail/mailboxes/:email', 'Delete a mailbox (owner or admin)', 'Email', 'session', { query: orgQuery, response: api.mailResultSchema }),
  op('post', '/messaging/mail/mailboxes/:email/test', "Connect to the mailbox's SMTP and IMAP servers and say which failed and why", 'Email', 'session', { query: orgQuery, response: api.mailboxTestResponseSchema }),
  op('post', '/messaging/mail/drafts/:id/send', "Send an agent's draft reply (optionally edited)", 'Email', 'session', { body: api.mailDraftSendRequestSchema, response: api.mailSendAnswerSchema }),
  op('delete', '/messaging/mail/drafts/:id', "Discard an agent's draft reply", 'Email', 'session', { query: orgQuery, response: api.mailResultSchema }),
  op('get', '/messaging/mail/outbox', 'The sandbox outbox: mail of mailboxes without SMTP settings', 'Email', 'session', { query: { ...orgQuery, mailbox: 'Optional: one mailbox' }, response: api.mailOutboxResponseSchema }),
  op('post', '/messaging/mail/simulate-inbound', "Simulate inbound email to one of the organization's mailboxes (the whole loop)", 'Email', 'session', { body: api.mailSimulateInboundRequestSchema, response: api.mailInboundAnswerSchema }),
  op('get', '/messaging/mail/campaigns', "The organization's campaigns with their progress", 'Email', 'session', { query: orgQuery, response: api.campaignsResponseSchema }),
  op('post', '/messaging/mail/campaigns', 'Create a campaign (recipients as CSV or a list; a start time and a rate)', 'Email', 'session', { body: api.campaignCreateRequestSchema, response: api.campaignAnswerSchema }),
  op('get', '/messaging/mail/campaigns/:id', 'One campaign with its progress', 'Email', 'session', { query: orgQuery, response: api.campaignAnswerSchema }),
  op('post', '/messaging/mail/campaigns/:id/pause', 'Pause a campaign', 'Email', 'session', { query: orgQuery, response: api.campaignAnswerSchema }),
  op('post', '/messaging/mail/campaigns/:id/resume', 'Resume a paused campaign at its rate', 'Email', 'session', { query: orgQuery, response: api.campaignAnswerSchema }),
  op('post', '/messaging/mail/campaigns/:id/cancel', 'Cancel a campaign (nothing more is sent)', 'Email', 'session', { query: orgQuery, response: api.campaignAnswerSchema }),
  op('get', '/webhooks/mail/unsubscribe/:token', 'A campaign mail’s unsubscribe link: asks to confirm', 'Webhooks', 'none', { produces: 'text/html' }),
  op('post', '/webhooks/mail/unsubscribe/:token', 'One-click unsubscribe (RFC 8058, signed link)', 'Webhooks', 'none', { produces: 'text/html' }),
  op('post', '/webhooks/mail/:token', "A mailbox's inbound URL: a raw message (message/rfc822, at most 10 MB; over the bounds of an inbound mail — 1,000 parts, 50 levels, 1,000 header lines, 64 KB a field, 1,000 encoded-words — 400 with the reason, nothing stored)", 'Webhooks', 'none', { response: api.mailInboundAnswerSchema }),
];

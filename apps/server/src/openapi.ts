import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '@parley/api-client';
import { webhookOperations } from './webhooks/openapi';
import { apiKeyOperations } from './apikeys/openapi';
import { scopeFor } from './apikeys/scopes';
import { privacyOperations } from './privacy/openapi';
import { outcomeOperations } from './outcomes/openapi';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Auth =
  | 'session'
  | 'agentKey'
  | 'knowledgeKey'
  | 'sessionOrAgentKey'
  | 'workerKey'
  | 'twilioSignature'
  | 'metaSignature'
  | 'none';

export interface Operation {
  method: Method;
  /** Hono path (':param'); written as '{param}' in the document. */
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Query parameters: name → description (required when the description starts with 'Required'). */
  query?: Record<string, string>;
  /** multipart/form-data upload instead of JSON. */
  multipart?: boolean;
  /** The body may be form-encoded as well as JSON (the SMS service's calls). */
  form?: boolean;
  /** The answer's media type when not JSON (TwiML, a challenge echo, a page). */
  produces?: 'text/xml' | 'text/plain' | 'text/html';
}

type Extras = Omit<Operation, 'method' | 'path' | 'summary' | 'tag' | 'auth'>;
/** One operation on one line: `op('get', '/voice/x/:id', 'What it does', 'Tag', 'session', { response })`. */
const op = (
  method: Method,
  path: string,
  summary: string,
  tag: string,
  auth: Auth,
  extras: Extras = {},
): Operation => ({ method, path, summary, tag, auth, ...extras });

const ok = z.object({ result: z.literal('success') });

const orgQuery = { organization_id: 'The organization (else the user’s only one)' };

/** The voice backend, the messaging service and the provider webhooks: one line per route. */
// prettier-ignore
const serviceOperations: Operation[] = [
  // ---- /voice: the voice backend (spec channels-and-shell §7) ----
  op('post', '/voice/tokens/generate', 'How to join a call: a LiveKit token that dispatches the voice worker into a new room, or without LiveKit the server’s own WebSocket stream (transport websocket: a single-use url)', 'Voice', 'sessionOrAgentKey', { query: { agent_name: 'Required: the agent', version: "Console calls: draft (default) or live; an agent key's call is the live version" }, response: api.voiceTokenResponseSchema }),
  op('get', '/voice/stream', 'The WebSocket call stream (without LiveKit): a WebSocket upgrade with the token of /voice/tokens/generate (protocol in docs/voice-worker.md); a plain GET answers 426', 'Voice', 'none', { query: { token: 'Required: the token in the url /voice/tokens/generate answered' } }),
  op('get', '/voice/agents/by-org/:org', "An organization's agents, keyed by name", 'Voice', 'session', { response: api.voiceAgentsByOrgResponseSchema }),
  op('get', '/voice/calls/agent/:agentId', "An agent's calls, newest first", 'Voice', 'session', { response: api.voiceCallListResponseSchema }),
  op('get', '/voice/calls/:conversationId', 'One call with its turns', 'Voice', 'session', { response: api.voiceCallDetailSchema }),
  op('get', '/voice/phone-numbers/organization/:org', "An organization's phone numbers", 'Phone numbers', 'session', { response: api.phoneNumberListResponseSchema }),
  op('get', '/voice/phone-numbers/status/available', 'Numbers free to assign', 'Phone numbers', 'session', { query: orgQuery }),
  op('post', '/voice/phone-numbers/sync-all-providers', 'Sync the numbers from the telephony provider', 'Phone numbers', 'session', { body: api.syncRequestSchema, response: api.syncResponseSchema }),
  op('post', '/voice/phone-numbers/:phoneId/assign/:agentName', 'Assign an agent to a number (voice)', 'Phone numbers', 'session', { response: api.assignResponseSchema }),
  op('put', '/voice/phone-numbers/:phoneId/assign', 'Assign (agent_id) or unassign (null) a number', 'Phone numbers', 'session', { body: api.putAssignBodySchema }),
  op('post', '/voice/phone-numbers/:phoneId/unassign/:agentId', "Unassign a number's agent", 'Phone numbers', 'session'),
  op('delete', '/voice/phone-numbers/:phoneId/unassign/:agentId', "Unassign a number's agent", 'Phone numbers', 'session'),
  op('post', '/voice/phone-numbers/:phoneId/unassign', "Unassign a number's agent (agent_id in the body)", 'Phone numbers', 'session', { body: api.unassignBodySchema }),
  op('get', '/voice/telephony/organization/:org', "The organization's telephony provider and its state", 'Telephony', 'session', { response: api.telephonyStatusSchema }),
  op('get', '/voice/telephony/organization/:org/outbox', "The sandbox's outbox (messages and calls it sent)", 'Telephony', 'session', { response: api.outboxResponseSchema }),
  op('post', '/voice/telephony/organization/:org/simulate', 'Simulate an inbound call or message (sandbox)', 'Telephony', 'session', { body: api.simulateEventRequestSchema, response: api.simulateEventResponseSchema }),
  op('post', '/voice/internal/calls', 'The voice worker: a call started', 'Voice worker', 'workerKey', { body: api.voiceCallStartRequestSchema, response: api.voiceCallStartResponseSchema }),
  op('post', '/voice/internal/calls/:id/chat', "The voice worker: the agent's answer to a caller's turn (streamed lines)", 'Voice worker', 'workerKey', { body: api.voiceChatRequestSchema }),
  op('post', '/voice/internal/calls/:id/prepare', "The voice worker: start answering a caller's turn early", 'Voice worker', 'workerKey', { body: api.voiceChatRequestSchema }),
  op('post', '/voice/internal/calls/:id/messages', "The voice worker: a turn of the call's transcript", 'Voice worker', 'workerKey', { body: api.voiceCallMessageRequestSchema }),
  op('post', '/voice/internal/calls/:id/metrics', "The voice worker: a turn's latencies", 'Voice worker', 'workerKey', { body: api.voiceTurnMetricsRequestSchema }),
  op('post', '/voice/internal/calls/:id/end', 'The voice worker: the call ended', 'Voice worker', 'workerKey', { body: api.voiceCallEndRequestSchema }),
  op('post', '/voice/internal/calls/:id/transfer', 'The voice worker: transfer a phone call (transfer_call)', 'Voice worker', 'workerKey', { body: api.voiceCallTransferRequestSchema }),
  // ---- /messaging: the SMS service (spec channels-and-shell §7) ----
  op('get', '/messaging/phone-numbers/available', "The organization's numbers that can send messages", 'Messaging', 'session', { query: orgQuery, response: api.availableNumbersResponseSchema }),
  op('get', '/messaging/sms/phone-numbers', "The organization's SMS numbers", 'SMS', 'session', { query: orgQuery, response: api.availableNumbersResponseSchema }),
  op('get', '/messaging/sms/list-receiving-number-agents', 'The agent answering each SMS number', 'SMS', 'session', { query: orgQuery, response: api.receivingNumberMappingsSchema }),
  op('get', '/messaging/sms/messages', 'SMS threads, most recently active first', 'SMS', 'session', { query: orgQuery, response: api.channelMessagesResponseSchema }),
  op('delete', '/messaging/sms/unassign-receiving-number-agent/:number', "Unassign an SMS number's agent", 'SMS', 'session', { query: orgQuery, response: api.sendResponseSchema }),
  op('post', '/messaging/sms/send-message', 'Send an SMS', 'SMS', 'session', { form: true, body: api.smsSendRequestSchema, response: api.sendResponseSchema }),
  op('get', '/messaging/whatsapp/phone-numbers', "The organization's WhatsApp numbers", 'WhatsApp', 'session', { query: orgQuery, response: api.availableNumbersResponseSchema }),
  op('get', '/messaging/whatsapp/list-receiving-number-agents', 'The agent answering each WhatsApp number', 'WhatsApp', 'session', { query: orgQuery, response: api.receivingNumberMappingsSchema }),
  op('get', '/messaging/whatsapp/messages', 'WhatsApp threads, most recently active first', 'WhatsApp', 'session', { query: orgQuery, response: api.channelMessagesResponseSchema }),
  op('delete', '/messaging/whatsapp/unassign-receiving-number-agent/:number', "Unassign a WhatsApp number's agent", 'WhatsApp', 'session', { query: orgQuery, response: api.sendResponseSchema }),
  op('post', '/messaging/whatsapp/send-message', 'Send a WhatsApp message', 'WhatsApp', 'session', { form: true, body: api.whatsappSendRequestSchema, response: api.sendResponseSchema }),
  // ---- /webhooks: providers call these (signature checked on the raw body first) ----
  op('post', '/webhooks/twilio/voice', 'Twilio: an inbound call (answers TwiML)', 'Webhooks', 'twilioSignature', { form: true, produces: 'text/xml' }),
  op('post', '/webhooks/twilio/status', "Twilio: a call's status changed", 'Webhooks', 'twilioSignature', { form: true }),
  op('post', '/webhooks/twilio/messaging', 'Twilio: an inbound SMS or WhatsApp message (answers TwiML)', 'Webhooks', 'twilioSignature', { form: true, produces: 'text/xml' }),
  op('get', '/webhooks/whatsapp-cloud', 'Meta WhatsApp Cloud: verification (echoes hub.challenge)', 'Webhooks', 'none', { query: { 'hub.mode': "Required: 'subscribe'", 'hub.verify_token': 'Required: the verify token', 'hub.challenge': 'Required: echoed back' }, produces: 'text/plain' }),
  op('post', '/webhooks/whatsapp-cloud', 'Meta WhatsApp Cloud: inbound messages and statuses', 'Webhooks', 'metaSignature'),
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
  op('post', '/webhooks/twilio/outbound/:id/answer', 'Twilio: a scheduled call was answered (answers TwiML with the phone stream)', 'Webhooks', 'twilioSignature', { form: true, produces: 'text/xml' }),
  op('post', '/webhooks/twilio/outbound/:id/amd', "Twilio: answering-machine detection's result for a scheduled call", 'Webhooks', 'twilioSignature', { form: true }),
  op('post', '/webhooks/twilio/outbound/:id/status', "Twilio: a scheduled call's status changed", 'Webhooks', 'twilioSignature', { form: true }),
  // ---- per-integration WhatsApp Cloud callbacks ----
  op('get', '/webhooks/whatsapp-cloud/:integration', "Meta WhatsApp Cloud: verification with this integration's verify token (echoes hub.challenge)", 'Webhooks', 'none', { query: { 'hub.mode': "Required: 'subscribe'", 'hub.verify_token': 'Required: the verify token', 'hub.challenge': 'Required: echoed back' }, produces: 'text/plain' }),
  op('post', '/webhooks/whatsapp-cloud/:integration', "Meta WhatsApp Cloud: inbound messages and statuses, signed with this integration's app secret (at most 1 MB, 100 events)", 'Webhooks', 'metaSignature'),
  // ---- the voice worker's live calls ----
  op('get', '/voice/internal/calls/:id/agent', "The voice worker: the agent of a live call it claimed", 'Voice worker', 'workerKey', { response: api.voiceWorkerConfigSchema }),
  op('post', '/voice/internal/calls/:id/offline-voice', 'The voice worker: the call runs on the offline voice', 'Voice worker', 'workerKey'),
  // ---- send limits and the spec's mapping calls ----
  op('get', '/messaging/send-limits', "The organization's sending limits and usage per channel", 'Messaging', 'session', { query: orgQuery, response: api.sendLimitsResponseSchema }),
  op('get', '/messaging/sms/mappings', "The organization's SMS mappings", 'SMS', 'session', { query: orgQuery }),
  op('post', '/messaging/sms/map-receiving-number-agent', "Map an SMS number to an agent ('SMS mapping created successfully!')", 'SMS', 'session', { form: true }),
  op('post', '/messaging/sms/mappings/:id', "Update an SMS mapping ('SMS mapping updated successfully!')", 'SMS', 'session', { form: true }),
  op('delete', '/messaging/sms/mappings/:id', "Delete an SMS mapping ('SMS mapping deleted successfully!')", 'SMS', 'session'),
  op('get', '/messaging/whatsapp/mappings', "The organization's WhatsApp mappings", 'WhatsApp', 'session', { query: orgQuery }),
  op('post', '/messaging/whatsapp/map-receiving-number-agent', 'Map a WhatsApp number to an agent', 'WhatsApp', 'session', { form: true }),
  op('post', '/messaging/whatsapp/mappings/:id', 'Update a WhatsApp mapping', 'WhatsApp', 'session', { form: true }),
  op('delete', '/messaging/whatsapp/mappings/:id', 'Delete a WhatsApp mapping', 'WhatsApp', 'session'),
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
  // ---- conversations, human takeover, analytics (docs/inbox-and-analytics.md) ----
  op('get', '/api/conversations', "The organization's conversations on every channel, newest activity first (agent_id, channel, status, q, from, to, success, tag, cursor, limit), each with its outcome", 'Conversations', 'session', { query: { ...orgQuery, agent_id: 'An agent', channel: 'chat, voice, sms, whatsapp or email', status: 'open, needs_human, held or ended', q: 'Words in the messages (full text)', from: 'Active since (ISO 8601)', to: 'Started before (ISO 8601)', success: 'Outcomes that count as a success (true) or not (false)', tag: 'Outcomes carrying this tag', cursor: "The previous page's next_cursor", limit: '1–100 (25)' }, response: api.conversationListSchema }),
  op('get', '/api/conversations/export', 'The filtered conversations as CSV or JSON lines, one row per message with its conversation\'s outcome (status, summary, success, tags, fields) (streamed)', 'Conversations', 'session', { query: { ...orgQuery, format: 'csv or jsonl', agent_id: 'An agent', channel: 'A channel', status: 'open, needs_human, held or ended', q: 'Words in the messages', from: 'Active since', to: 'Started before', success: 'true or false', tag: 'An outcome tag' }, produces: 'text/plain' }),
  op('get', '/api/conversations/events', "The organization's inbox, live (server-sent events: ready, then a conversation's id on each new message, takeover, release, call end or request for a person; ids only)", 'Conversations', 'session', { query: orgQuery }),
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
  op('get', '/api/conversations/:id', 'A conversation with its messages (author, text, time, channel figures); marks it seen', 'Conversations', 'session', { response: api.conversationDetailSchema }),
  op('post', '/api/conversations/:id/takeover', 'Take the conversation over: its agent stops answering on every channel', 'Conversations', 'session'),
  op('post', '/api/conversations/:id/release', 'Hand the conversation back to its agent', 'Conversations', 'session'),
  op('post', '/api/conversations/:id/messages', "A member's reply, sent through the conversation's channel", 'Conversations', 'session', { body: api.memberReplyRequestSchema, response: api.memberReplyResponseSchema }),
  op('get', '/api/analytics/agents/:agentId', "An agent's figures for 24h, 7d or 30d (period), of every version or one", 'Analytics', 'session', { query: { period: '24h, 7d or 30d (7d)', version: "Only what this agent version answered: its number or 'draft'" }, response: api.agentAnalyticsSchema }),
  op('get', '/api/system-status/:org', "What is configured for the organization (model keys, LiveKit, telephony, mail): names and counts, no secrets", 'Integrations', 'session', { response: api.systemStatusSchema }),
  op('get', '/v1/conversations/:id/events', "A conversation's live events for its visitor (server-sent events: a member's reply, takeover, release)", 'Runtime', 'agentKey', { query: { user: 'Required: the visitor' } }),
  // ---- agent test suites (issue 30) ----
  op('get', '/api/agents/:agentName/tests', "An agent's tests, the 'Tests must pass to publish' setting and the last run", 'Agent tests', 'session', { response: api.agentTestsListSchema }),
  op('post', '/api/agents/:agentName/tests', 'Create a test (user turns with expectations; at most 50 tests per agent and 200 judge checks per run, regex patterns in RE2)', 'Agent tests', 'session', { body: api.agentTestInputSchema, response: api.agentTestSchema }),
  op('put', '/api/agents/:agentName/tests/settings', "Turn 'Tests must pass to publish' on or off", 'Agent tests', 'session', { body: api.testSettingsSchema, response: api.testSettingsSchema }),
  op('post', '/api/agents/:agentName/tests/run', 'Run all tests or the given ids: the finished run, or a long run at once (202, running in the background); 409 with `estimate` and `budget` when its estimated model calls exceed the organization\'s test budget (PARLEY_TEST_RUN_BUDGET)', 'Agent tests', 'session', { body: api.testRunRequestSchema, response: api.testRunSchema }),
  op('get', '/api/agents/:agentName/tests/runs', "The agent's test runs, newest first, with their results", 'Agent tests', 'session', { response: api.testRunsListSchema }),
  op('get', '/api/agents/:agentName/tests/runs/:runId', 'One test run (its progress while running)', 'Agent tests', 'session', { response: api.testRunSchema }),
  op('post', '/api/agents/:agentName/tests/from-conversation', "A test made of a stored conversation's user turns, the agent's answers as judge criteria", 'Agent tests', 'session', { body: api.testFromConversationRequestSchema, response: api.agentTestSchema }),
  op('put', '/api/agents/:agentName/tests/:id', 'Replace a test', 'Agent tests', 'session', { body: api.agentTestInputSchema, response: api.agentTestSchema }),
  op('delete', '/api/agents/:agentName/tests/:id', 'Delete a test', 'Agent tests', 'session'),
  // ---- drafts, versions and agents as code (docs/versions.md) ----
  op('get', '/api/agents/:agentName/versions', "An agent's published versions (newest first), the live one and whether the draft differs", 'Agent versions', 'session', { response: api.agentVersionsListSchema }),
  op('get', '/api/agents/:agentName/versions/:n', 'One published version: its settings (secrets as ••••), tools and analysis plan', 'Agent versions', 'session', { response: api.agentVersionDetailSchema }),
  op('post', '/api/agents/:agentName/versions/:n/restore', "Make version n's settings live at once, as a new version (no test run)", 'Agent versions', 'session', { body: api.restoreVersionRequestSchema, response: api.restoreVersionResponseSchema }),
  op('get', '/api/agents/:agentName/draft', 'What the draft changes against the live version (secrets as ••••)', 'Agent versions', 'session', { response: api.agentDraftSchema }),
  op('post', '/api/agents/:agentName/draft/discard', 'Reset the draft to the live version', 'Agent versions', 'session', { response: api.discardDraftResponseSchema }),
  op('put', '/api/agents/:agentName/draft', "Replace the agent's draft from an agent document (stored secrets kept where it names them without values)", 'Agent versions', 'session', { body: api.replaceDraftRequestSchema, response: api.replaceDraftResponseSchema }),
  op('get', '/api/agents/:agentName/export', 'The agent as an agent document, with no secret value in it', 'Agent versions', 'session', { query: { version: "draft (default), live or a version number" }, response: api.agentDocumentSchema }),
  op('post', '/api/agents/import', 'A new draft agent of the organization from an agent document', 'Agent versions', 'session', { body: api.importAgentRequestSchema, response: api.importAgentResponseSchema }),
  op('post', '/api/chatbot/chat-messages', "The console's test chat: chat-messages (blocking or streaming) with the agent of the bearer key, its draft or its live version", 'Agents', 'session', { query: { version: "draft (default) or live" }, body: api.runtimeChatRequestSchema, response: api.runtimeChatResponseSchema }),
  // ---- agent tools (docs/tools.md) ----
  op('get', '/api/agents/:agentName/tools', "An agent's tools (header values masked)", 'Agent tools', 'session', { response: api.agentToolListSchema }),
  op('post', '/api/agents/:agentName/tools', 'Add a tool to an agent', 'Agent tools', 'session', { body: api.toolSaveRequestSchema, response: api.agentToolAnswerSchema }),
  op('put', '/api/agents/:agentName/tools/:id', "Replace a tool (a masked header value keeps the stored one)", 'Agent tools', 'session', { body: api.toolSaveRequestSchema, response: api.agentToolAnswerSchema }),
  op('delete', '/api/agents/:agentName/tools/:id', 'Delete a tool', 'Agent tools', 'session', { response: api.agentToolDeleteSchema }),
  op('post', '/api/agents/:agentName/tools/mcp-tools', "List an MCP server's tools (the editor's allow-list)", 'Agent tools', 'session', { body: api.mcpToolsRequestSchema, response: api.mcpToolsResponseSchema }),
  op('post', '/api/agents/:agentName/tools/:id/test', "Run a tool once with sample arguments ('Test tool')", 'Agent tools', 'session', { body: api.toolTestRequestSchema, response: api.toolTestResponseSchema }),
  // ---- health ----
  op('get', '/healthz', 'The server is up', 'Health', 'none'),
];

/**
 * Every call the server answers (openapi.test.ts fails when a mounted route is missing here).
 * A new route: one `op(...)` line with its contract schemas.
 */
export const operations: Operation[] = [
  ...webhookOperations,
  ...privacyOperations,
  ...outcomeOperations,
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
  // ---- sessions ----
  {
    method: 'get',
    path: '/api/auth/:path',
    summary: 'Session and account reads (Better Auth)',
    tag: 'Auth',
    auth: 'none',
  },
  {
    method: 'post',
    path: '/api/auth/:path',
    summary: 'Sign-up, sign-in, sign-out (Better Auth)',
    tag: 'Auth',
    auth: 'none',
  },
  // ---- organization ----
  {
    method: 'get',
    path: '/api/org/me',
    summary: 'The signed-in user and their organizations',
    tag: 'Organization',
    auth: 'session',
    response: api.meResponseSchema,
  },
  {
    method: 'post',
    path: '/api/org/create-org',
    summary: 'Create an organization',
    tag: 'Organization',
    auth: 'session',
    body: api.createOrgRequestSchema,
    response: api.createOrgResponseSchema,
  },
  {
    method: 'post',
    path: '/api/org/add-user',
    summary: 'Add a member',
    tag: 'Organization',
    auth: 'session',
    body: api.addUserRequestSchema,
    response: api.addUserResponseSchema,
  },
  {
    method: 'get',
    path: '/api/org/:orgId/members',
    summary: 'Members and pending invitations (invite links for owners and admins)',
    tag: 'Organization',
    auth: 'session',
    response: api.membersResponseSchema,
  },
  {
    method: 'post',
    path: '/api/org/:orgId/invitations',
    summary: 'Invite by e-mail address with a role (owners and admins; owner role: owners)',
    tag: 'Organization',
    auth: 'session',
    body: api.inviteMemberRequestSchema,
    response: api.inviteMemberResponseSchema,
  },
  {
    method: 'delete',
    path: '/api/org/:orgId/invitations/:invitationId',
    summary: 'Cancel a pending invitation (owners and admins)',
    tag: 'Organization',
    auth: 'session',
    response: api.okResponseSchema,
  },
  {
    method: 'patch',
    path: '/api/org/:orgId/members/:memberId',
    summary: "Change a member's role (owners and admins; owner role: owners)",
    tag: 'Organization',
    auth: 'session',
    body: api.updateMemberRoleRequestSchema,
    response: api.okResponseSchema,
  },
  {
    method: 'delete',
    path: '/api/org/:orgId/members/:memberId',
    summary: 'Remove a member (owners and admins; an owner: owners)',
    tag: 'Organization',
    auth: 'session',
    response: api.okResponseSchema,
  },
  {
    method: 'post',
    path: '/api/org/invitations/:invitationId/accept',
    summary: 'Accept an invitation sent to the signed-in address',
    tag: 'Organization',
    auth: 'session',
    response: api.acceptInvitationResponseSchema,
  },
  {
    method: 'get',
    path: '/api/invitations/:invitationId',
    summary: "An invite link's organization, address and role (no session needed)",
    tag: 'Organization',
    auth: 'none',
    response: api.invitationDetailsSchema,
  },
  // ---- agents ----
  {
    method: 'post',
    path: '/api/agents/update/:agentName',
    summary: 'Create or update an agent',
    tag: 'Agents',
    auth: 'session',
    body: api.agentUpdateRequestSchema,
    response: api.agentUpdateResponseSchema,
  },
  {
    method: 'get',
    path: '/api/agents/info/:agentName',
    summary: "An agent's settings",
    tag: 'Agents',
    auth: 'session',
    response: api.agentConfigSchema,
  },
  {
    method: 'get',
    path: '/api/agents/by-org/:orgId',
    summary: "An organization's agents",
    tag: 'Agents',
    auth: 'session',
    response: api.agentsByOrgResponseSchema,
  },
  {
    method: 'delete',
    path: '/api/agents/delete/:agentName',
    summary: 'Delete an agent',
    tag: 'Agents',
    auth: 'session',
    response: api.agentDeleteResponseSchema,
  },
  {
    method: 'delete',
    path: '/api/agents/delete-by-org/:orgId',
    summary: "Delete an organization's agents",
    tag: 'Agents',
    auth: 'session',
    body: api.agentDeleteByOrgRequestSchema,
  },
  {
    method: 'post',
    path: '/api/app/create-agent',
    summary: "Create an agent's app (its publishable key)",
    tag: 'Agents',
    auth: 'session',
    body: api.createAppRequestSchema,
    response: api.createAppResponseSchema,
  },
  {
    method: 'post',
    path: '/api/app/delete-agent',
    summary: "Delete an agent's app",
    tag: 'Agents',
    auth: 'session',
    body: api.deleteAppRequestSchema,
    response: api.deleteAppResponseSchema,
  },
  {
    method: 'post',
    path: '/api/app/get-app-by-key',
    summary: 'The app of a key',
    tag: 'Agents',
    auth: 'session',
    body: api.getAppByKeyRequestSchema,
    response: api.getAppByKeyResponseSchema,
  },
  {
    method: 'post',
    path: '/api/prompt-config',
    summary: "Save an agent's system prompt",
    tag: 'Agents',
    auth: 'session',
    body: api.promptConfigRequestSchema,
    response: api.promptConfigResponseSchema,
  },
  {
    method: 'post',
    path: '/api/model-config',
    summary: "Save an agent's model and knowledge",
    tag: 'Agents',
    auth: 'session',
    body: api.modelConfigRequestSchema,
    response: api.modelConfigResponseSchema,
  },
  {
    method: 'post',
    path: '/api/publish-agent',
    summary:
      "Publish an agent: the draft, through the test gate, becomes its next live version ('version' in the answer)",
    tag: 'Agents',
    auth: 'session',
    body: api.publishAgentRequestSchema,
    response: api.publishAgentResponseSchema,
  },
  {
    method: 'post',
    path: '/api/chatbot/chat',
    summary: "Try an agent from the console (its draft: metadata.agent_version 'draft')",
    tag: 'Agents',
    auth: 'session',
    body: api.chatbotChatRequestSchema,
    response: api.chatbotChatResponseSchema,
  },
  // ---- knowledge ----
  {
    method: 'get',
    path: '/api/knowledge-bases',
    summary: 'Knowledge bases of an organization',
    tag: 'Knowledge',
    auth: 'session',
    response: api.knowledgeBaseListSchema,
    query: { organization_id: 'Required: the organization' },
  },
  {
    method: 'post',
    path: '/api/knowledge-bases',
    summary: 'Create a knowledge base',
    tag: 'Knowledge',
    auth: 'session',
    body: api.createKnowledgeBaseRequestSchema,
    response: api.knowledgeBaseSchema,
  },
  {
    method: 'delete',
    path: '/api/knowledge-bases/:id',
    summary: 'Delete a knowledge base',
    tag: 'Knowledge',
    auth: 'session',
  },
  {
    method: 'get',
    path: '/api/knowledge-bases/:id/documents',
    summary: 'Documents of a knowledge base',
    tag: 'Knowledge',
    auth: 'session',
    response: api.documentListSchema,
  },
  {
    method: 'post',
    path: '/api/knowledge-bases/:id/documents',
    summary: 'Add a text document',
    tag: 'Knowledge',
    auth: 'session',
    body: api.createTextDocumentRequestSchema,
    response: api.documentSchema,
  },
  {
    method: 'post',
    path: '/api/knowledge-bases/:id/documents/file',
    summary: 'Upload a file',
    tag: 'Knowledge',
    auth: 'session',
    multipart: true,
    response: api.documentSchema,
  },
  {
    method: 'post',
    path: '/api/knowledge-bases/:id/documents/url',
    summary: 'Add a web page',
    tag: 'Knowledge',
    auth: 'session',
    body: api.createUrlDocumentRequestSchema,
    response: api.documentSchema,
  },
  {
    method: 'patch',
    path: '/api/knowledge-bases/:id/documents/:docId/enable',
    summary: 'Enable a document',
    tag: 'Knowledge',
    auth: 'session',
  },
  {
    method: 'patch',
    path: '/api/knowledge-bases/:id/documents/:docId/disable',
    summary: 'Disable a document',
    tag: 'Knowledge',
    auth: 'session',
  },
  {
    method: 'delete',
    path: '/api/knowledge-bases/:id/documents/:docId',
    summary: 'Delete a document',
    tag: 'Knowledge',
    auth: 'session',
  },
  {
    method: 'get',
    path: '/api/knowledge-bases/:id/documents/:docId/segments',
    summary: "A document's segments",
    tag: 'Knowledge',
    auth: 'session',
    response: api.segmentListSchema,
  },
  {
    method: 'patch',
    path: '/api/knowledge-bases/:id/documents/:docId/segments/:segId',
    summary: 'Edit or toggle a segment',
    tag: 'Knowledge',
    auth: 'session',
    body: api.segmentPatchRequestSchema,
    response: api.segmentSchema,
  },
  {
    method: 'post',
    path: '/api/knowledge-bases/:id/documents/:docId/reindex',
    summary: 'Re-index a document',
    tag: 'Knowledge',
    auth: 'session',
    body: api.reindexRequestSchema,
    response: api.reindexResponseSchema,
  },
  {
    method: 'post',
    path: '/api/knowledge-bases/:id/test-retrieval',
    summary: 'Test retrieval',
    tag: 'Knowledge',
    auth: 'session',
    body: api.testRetrievalRequestSchema,
    response: api.testRetrievalResponseSchema,
  },
  {
    method: 'get',
    path: '/api/knowledge-bases/:id/api-keys',
    summary: "A knowledge base's API keys",
    tag: 'Knowledge',
    auth: 'session',
    response: api.knowledgeApiKeyListSchema,
  },
  {
    method: 'post',
    path: '/api/knowledge-bases/:id/api-keys',
    summary: 'Create an API key',
    tag: 'Knowledge',
    auth: 'session',
    body: api.createKnowledgeApiKeyRequestSchema,
    response: api.knowledgeApiKeySchema,
  },
  // ---- /v1 (Dify-compatible) ----
  {
    method: 'post',
    path: '/v1/datasets/:id/retrieve',
    summary: 'Retrieve from a knowledge base',
    tag: 'Runtime',
    auth: 'knowledgeKey',
    body: api.testRetrievalRequestSchema,
    response: api.testRetrievalResponseSchema,
  },
  {
    method: 'post',
    path: '/v1/chat-messages',
    summary: 'Send a chat message (blocking JSON or streaming SSE)',
    tag: 'Runtime',
    auth: 'agentKey',
    body: api.runtimeChatRequestSchema,
    response: api.runtimeChatResponseSchema,
  },
  {
    method: 'post',
    path: '/v1/chat-messages/:taskId/stop',
    summary: 'Stop a streaming answer',
    tag: 'Runtime',
    auth: 'agentKey',
    body: api.difyStopRequestSchema,
    response: ok,
  },
  {
    method: 'get',
    path: '/v1/conversations',
    summary: "An end user's conversations",
    tag: 'Runtime',
    auth: 'agentKey',
    query: {
      user: 'Required: the end user',
      last_id: 'The last conversation of the previous page',
      limit: 'Page size, 1–100 (default 20)',
    },
  },
  {
    method: 'post',
    path: '/v1/conversations/:id/name',
    summary: 'Rename a conversation',
    tag: 'Runtime',
    auth: 'agentKey',
    body: api.difyRenameRequestSchema,
  },
  {
    method: 'delete',
    path: '/v1/conversations/:id',
    summary: 'Delete a conversation',
    tag: 'Runtime',
    auth: 'agentKey',
    body: api.difyDeleteRequestSchema,
  },
  {
    method: 'get',
    path: '/v1/messages',
    summary: "A conversation's messages, paged",
    tag: 'Runtime',
    auth: 'agentKey',
    query: {
      conversation_id: 'Required: the conversation',
      user: 'Required: the end user',
      first_id: 'The first message of the next page',
      limit: 'Page size, 1–100 (default 20)',
    },
  },
  {
    method: 'post',
    path: '/v1/messages/:id/feedbacks',
    summary: 'Like or dislike an answer',
    tag: 'Runtime',
    auth: 'agentKey',
    body: api.difyFeedbackRequestSchema,
    response: ok,
  },
  {
    method: 'get',
    path: '/v1/parameters',
    summary: "The app's parameters (opening statement, features)",
    tag: 'Runtime',
    auth: 'agentKey',
    query: { user: 'The end user' },
  },
  {
    method: 'get',
    path: '/v1/info',
    summary: "The app's name, description and mode",
    tag: 'Runtime',
    auth: 'agentKey',
  },
  {
    method: 'get',
    path: '/v1/meta',
    summary: "The app's tool icons",
    tag: 'Runtime',
    auth: 'agentKey',
  },
  {
    method: 'get',
    path: '/v1/public/agents/:agentName',
    summary: 'What the public chat page needs',
    tag: 'Runtime',
    auth: 'none',
    response: api.publicAgentSchema,
  },
  ...serviceOperations,
  ...apiKeyOperations,
  // ---- this document ----
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI document',
    tag: 'Reference',
    auth: 'none',
  },
  {
    method: 'get',
    path: '/api/reference',
    produces: 'text/html',
    summary: 'This reference as a web page',
    tag: 'Reference',
    auth: 'none',
  },
];

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  delete out.$schema;
  return out;
}

/** The contract's exported schemas by name (`smsSendRequestSchema` → `SmsSendRequest`). */
const contractNames = new Map<unknown, string>();
for (const [name, value] of Object.entries(api))
  if (value instanceof z.ZodType && name.endsWith('Schema'))
    contractNames.set(value, name[0]!.toUpperCase() + name.slice(1, -'Schema'.length));

/**
 * components.schemas, filled as operations refer to them: a named contract schema is written
 * once and referenced (`$ref`); a request (input) and an answer (output) of the same schema
 * differ where defaults apply, so a schema used both ways gets `…Input` for its request form.
 */
class SchemaComponents {
  readonly schemas: Record<string, unknown> = {};
  private readonly named = new Map<string, string>();

  ref(schema: z.ZodType, io: 'input' | 'output'): unknown {
    const base = contractNames.get(schema);
    if (!base) return jsonSchema(schema, io);
    const key = `${io}:${base}`;
    let name = this.named.get(key);
    if (!name) {
      name =
        this.named.has(`${io === 'input' ? 'output' : 'input'}:${base}`) || base in this.schemas
          ? `${base}${io === 'input' ? 'Input' : 'Output'}`
          : base;
      this.named.set(key, name);
      this.schemas[name] = jsonSchema(schema, io);
    }
    return { $ref: `#/components/schemas/${name}` };
  }
}

const securitySchemes = {
  session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description:
      'An organization API key (parley_…) instead of the session: the call needs the scope its requirement names (x-api-key-scope); calls without one refuse keys (403)',
  },
  agentKey: { type: 'http', scheme: 'bearer', description: 'The agent key (app-…)' },
  knowledgeKey: { type: 'http', scheme: 'bearer', description: 'A knowledge-base API key' },
  workerKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'PARLEY_WORKER_SECRET, shared by the server and the voice worker',
  },
  twilioSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Twilio-Signature',
    description:
      "Twilio's request signature (the account's auth token over the public URL and the parameters)",
  },
  metaSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Hub-Signature-256',
    description: 'sha256=HMAC of the raw body with the Meta app secret',
  },
} as const;

/**
 * An operation's security requirement: one scheme, either of two, or none. A session call that an
 * API key may make (apikeys/scopes.ts) takes the key too, naming the scope it needs.
 */
function securityOf(op: Operation, scope: string | null): Array<Record<string, string[]>> {
  if (op.auth === 'none') return [];
  if (op.auth === 'sessionOrAgentKey') return [{ session: [] }, { agentKey: [] }];
  if (op.auth === 'session' && scope) return [{ session: [] }, { apiKey: [scope] }];
  return [{ [op.auth]: [] }];
}

/** Hono ':param' → OpenAPI '{param}'. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The request body: the contract's schema (JSON, or form fields too), a form, or a file upload. */
function requestBodyOf(op: Operation, components: SchemaComponents) {
  const types = op.form
    ? ['application/json', 'application/x-www-form-urlencoded']
    : ['application/json'];
  let content: Record<string, { schema: unknown }>;
  if (op.body)
    content = Object.fromEntries(
      types.map((t) => [t, { schema: components.ref(op.body!, 'input') }]),
    );
  else if (op.form)
    content = {
      'application/x-www-form-urlencoded': {
        schema: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
  else if (op.multipart)
    content = {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          required: ['file'],
        },
      },
    };
  else return {};
  return { requestBody: { required: true, content } };
}

/** The OpenAPI 3.1 document of every call the server answers, from the zod contract. */
export function openApiDocument(serverUrl = '/') {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = openApiPath(op.path);
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const query = Object.entries(op.query ?? {}).map(([name, description]) => ({
      name,
      in: 'query',
      required: description.startsWith('Required'),
      description,
      schema: { type: 'string' },
    }));
    const errors = {
      '400': { description: 'Bad input: the field and the reason' },
      ...(op.auth === 'none' ? {} : { '401': { description: 'Not signed in, or a wrong key' } }),
      '404': { description: 'Not found (or another organization’s)' },
    };
    const scope = op.auth === 'session' ? scopeFor(op.method, op.path) : null;
    paths[path] ??= {};
    paths[path][op.method] = {
      summary: op.summary,
      tags: [op.tag],
      operationId: `${op.method}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string = '') => c.toUpperCase())}`,
      security: securityOf(op, scope),
      ...(scope ? { 'x-api-key-scope': scope } : {}),
      ...(params.length + query.length ? { parameters: [...params, ...query] } : {}),
      ...requestBodyOf(op, components),
      responses: {
        '200': {
          description: 'OK',
          content: {
            [op.produces ?? 'application/json']: {
              schema: op.produces
                ? { type: 'string' }
                : op.response
                  ? components.ref(op.response, 'output')
                  : {},
            },
            ...(op.path === '/v1/chat-messages'
              ? { 'text/event-stream': { schema: { type: 'string' } } }
              : {}),
          },
        },
        ...errors,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: '1.0.0',
      description:
        'The console API (/api, session cookie or an organization API key in x-api-key), the Dify-compatible runtime (/v1, bearer agent key app-… or knowledge-base key), the voice backend (/voice), the messaging service (/messaging) and the provider webhooks (/webhooks, signature-checked).',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes, schemas: components.schemas },
    paths,
  };
}

const pageCss = `
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2328;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}pre{background:#161b22!important}}
section{border-bottom:1px solid #8884;padding:.5rem 0}h3{margin:.25rem 0;font-size:1rem}
.m{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#1a7f37}.post{color:#0969da}.patch{color:#9a6700}.delete{color:#cf222e}
pre{background:#f6f8fa;padding:.75rem;overflow:auto;font-size:12px}
`;
/** The page's own policy: nothing but its one inline style (by hash), links to this server. */
export const referencePolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(pageCss).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A readable reference page rendered on the server (no script, no external host). */
export function referencePage(doc: ReturnType<typeof openApiDocument>): string {
  const deref = (schema: unknown) => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref;
    return ref ? doc.components.schemas[ref.split('/').pop()!] : schema;
  };
  const rows = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const o = op as {
        summary: string;
        tags: string[];
        parameters?: Array<{ name: string; in: string; required: boolean; description?: string }>;
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      };
      const params = (o.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})${p.description ? ` — ${escapeHtml(p.description)}` : ''}</li>`,
        )
        .join('');
      const body = o.requestBody
        ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(deref(Object.values(o.requestBody.content)[0]!.schema), null, 2))}</pre></details>`
        : '';
      const answer = deref(o.responses['200']?.content?.['application/json']?.schema);
      const response =
        answer && Object.keys(answer).length
          ? `<details><summary>Response</summary><pre>${escapeHtml(JSON.stringify(answer, null, 2))}</pre></details>`
          : '';
      return `<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3><p>${escapeHtml(o.summary)} <small>(${escapeHtml(o.tags[0]!)})</small></p>${params ? `<ul>${params}</ul>` : ''}${body}${response}</section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(doc.info.title)} reference</title><style>${pageCss}</style></head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)} The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${doc.openapi}).</p>${rows.join('')}</body></html>`;
}

/** GET /api/openapi.json and GET /api/reference (public). */
export function openApiRoutes() {
  const app = new Hono();
  let doc: ReturnType<typeof openApiDocument> | null = null;
  app.get('/openapi.json', (c) => c.json((doc ??= openApiDocument())));
  app.get('/reference', (c) => {
    c.header('Content-Security-Policy', referencePolicy);
    return c.html(referencePage((doc ??= openApiDocument())));
  });
  return app;
}

import * as api from '@parley/api-client';
import { op, orgQuery, type Operation } from '../lib/openapiOperation';

/** The SMS and WhatsApp service (/messaging) and the WhatsApp Cloud callbacks: assembled into the document by openapi.ts. */
// prettier-ignore
export const messagingOperations: Operation[] = [
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
  op('get', '/webhooks/whatsapp-cloud', 'Meta WhatsApp Cloud: verification (echoes hub.challenge)', 'Webhooks', 'none', { query: { 'hub.mode': "Required: 'subscribe'", 'hub.verify_token': 'Required: the verify token', 'hub.challenge': 'Required: echoed back' }, produces: 'text/plain' }),
  op('post', '/webhooks/whatsapp-cloud', 'Meta WhatsApp Cloud: inbound messages and statuses', 'Webhooks', 'metaSignature'),
  // ---- per-integration WhatsApp Cloud callbacks ----
  op('get', '/webhooks/whatsapp-cloud/:integration', "Meta WhatsApp Cloud: verification with this integration's verify token (echoes hub.challenge)", 'Webhooks', 'none', { query: { 'hub.mode': "Required: 'subscribe'", 'hub.verify_token': 'Required: the verify token', 'hub.challenge': 'Required: echoed back' }, produces: 'text/plain' }),
  op('post', '/webhooks/whatsapp-cloud/:integration', "Meta WhatsApp Cloud: inbound messages and statuses, signed with this integration's app secret (at most 1 MB, 100 events)", 'Webhooks', 'metaSignature'),
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
];

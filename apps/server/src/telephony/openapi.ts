import * as api from '@parley/api-client';
import { op, type Operation } from '../lib/openapiOperation';

/** The telephony provider and its signed webhooks (/voice/telephony, /webhooks/twilio): assembled into the document by openapi.ts. */
// prettier-ignore
export const telephonyOperations: Operation[] = [
  op('get', '/voice/telephony/organization/:org', "The organization's telephony provider and its state", 'Telephony', 'session', { response: api.telephonyStatusSchema }),
  op('get', '/voice/telephony/organization/:org/outbox', "The sandbox's outbox (messages and calls it sent)", 'Telephony', 'session', { response: api.outboxResponseSchema }),
  op('post', '/voice/telephony/organization/:org/simulate', 'Simulate an inbound call or message (sandbox)', 'Telephony', 'session', { body: api.simulateEventRequestSchema, response: api.simulateEventResponseSchema }),
  // ---- /webhooks: providers call these (signature checked on the raw body first) ----
  op('post', '/webhooks/twilio/voice', 'Twilio: an inbound call (answers TwiML)', 'Webhooks', 'twilioSignature', { form: true, produces: 'text/xml' }),
  op('post', '/webhooks/twilio/status', "Twilio: a call's status changed", 'Webhooks', 'twilioSignature', { form: true }),
  op('post', '/webhooks/twilio/messaging', 'Twilio: an inbound SMS or WhatsApp message (answers TwiML)', 'Webhooks', 'twilioSignature', { form: true, produces: 'text/xml' }),
  op('post', '/webhooks/twilio/outbound/:id/answer', 'Twilio: a scheduled call was answered (answers TwiML with the phone stream)', 'Webhooks', 'twilioSignature', { form: true, produces: 'text/xml' }),
  op('post', '/webhooks/twilio/outbound/:id/amd', "Twilio: answering-machine detection's result for a scheduled call", 'Webhooks', 'twilioSignature', { form: true }),
  op('post', '/webhooks/twilio/outbound/:id/status', "Twilio: a scheduled call's status changed", 'Webhooks', 'twilioSignature', { form: true }),
];

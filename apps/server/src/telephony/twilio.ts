import twilio from 'twilio';
import type { RequestClient } from 'twilio';
import type {
  OutboundCall,
  OutboundMessage,
  ProviderNumber,
  SendResult,
  TelephonyProvider,
  WebhookRequest,
  WebhookTargets,
} from './provider';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

export interface TwilioOptions {
  /** The SDK's HTTP client (tests pass a fake; nothing then leaves the process). */
  httpClient?: RequestClient;
}

const whatsappPrefix = 'whatsapp:';

/**
 * The SDK's HTTP client used when a caller passes none: the SDK's own, unless a test installs a
 * fake (an in-process server test cannot reach Twilio, and must not).
 */
let defaultHttpClient: RequestClient | undefined;
export function setTwilioHttpClient(client: RequestClient | undefined) {
  defaultHttpClient = client;
}

/** Checks a Twilio webhook signature (form fields, or a JSON body with bodySHA256). */
export function validateTwilioWebhook(authToken: string, req: WebhookRequest): boolean {
  if (!req.signature || !authToken) return false;
  if (req.rawBody !== undefined) {
    // JSON webhooks sign the URL (with its bodySHA256 query) and carry the body's hash there.
    if (!new URL(req.url).searchParams.get('bodySHA256')) return false;
    return twilio.validateRequestWithBody(authToken, req.signature, req.url, req.rawBody);
  }
  return twilio.validateRequest(authToken, req.signature, req.url, req.params ?? {});
}

/**
 * Twilio through its SDK: numbers from IncomingPhoneNumbers, WhatsApp senders from the Senders
 * API (messaging.v2.channelsSenders; a number is WhatsApp-enabled when an online sender uses it).
 */
export function createTwilioProvider(
  credentials: TwilioCredentials,
  options: TwilioOptions = {},
): TelephonyProvider {
  const client = twilio(credentials.accountSid, credentials.authToken, {
    httpClient: options.httpClient ?? defaultHttpClient,
    autoRetry: true,
  });
  const sent = (m: { sid: string; status: string }): SendResult => ({
    providerMessageId: m.sid,
    status: m.status,
  });
  return {
    name: 'twilio',
    account: credentials.accountSid,
    async listNumbers(): Promise<ProviderNumber[]> {
      const [numbers, senders] = await Promise.all([
        client.incomingPhoneNumbers.list(),
        client.messaging.v2.channelsSenders.list({ channel: 'whatsapp' }),
      ]);
      const whatsapp = new Set(
        senders
          .filter((s) => s.senderId?.startsWith(whatsappPrefix) && s.status === 'ONLINE')
          .map((s) => s.senderId.slice(whatsappPrefix.length)),
      );
      return numbers.map((n) => ({
        providerId: n.sid,
        phoneNumber: n.phoneNumber,
        friendlyName: n.friendlyName ?? n.phoneNumber,
        voice: n.capabilities?.voice === true,
        sms: n.capabilities?.sms === true,
        whatsapp: whatsapp.has(n.phoneNumber),
      }));
    },
    async configureWebhooks(numbers: ProviderNumber[], targets: WebhookTargets) {
      let count = 0;
      for (const n of numbers) {
        await client.incomingPhoneNumbers(n.providerId).update({
          voiceUrl: targets.voiceUrl,
          voiceMethod: 'POST',
          statusCallback: targets.statusUrl,
          statusCallbackMethod: 'POST',
          smsUrl: targets.messagingUrl,
          smsMethod: 'POST',
        });
        count += 1;
      }
      return count;
    },
    sendSms: async (m: OutboundMessage) =>
      sent(await client.messages.create({ from: m.from, to: m.to, body: m.body })),
    sendWhatsApp: async (m: OutboundMessage) =>
      sent(
        await client.messages.create({
          from: `${whatsappPrefix}${m.from}`,
          to: `${whatsappPrefix}${m.to}`,
          body: m.body,
        }),
      ),
    placeCall: async (c: OutboundCall) =>
      sent(await client.calls.create({ from: c.from, to: c.to, twiml: c.twiml })),
    validateWebhook: (req: WebhookRequest) => validateTwilioWebhook(credentials.authToken, req),
  };
}

/** Checks credentials by reading the account (Integrations 'Test'). */
export async function testTwilioCredentials(
  credentials: TwilioCredentials,
  options: TwilioOptions = {},
): Promise<{ ok: boolean; message: string }> {
  try {
    const client = twilio(credentials.accountSid, credentials.authToken, {
      httpClient: options.httpClient ?? defaultHttpClient,
    });
    // Not a tenant-set address: the SDK calls Twilio's own API host; the tenant's Account SID
    // (only a path segment) is checked as AC + 32 hex before it is stored; the SDK's request
    // client bounds each call (30 s) and sends only the tenant's own credentials.
    const account = await client.api.v2010.accounts(credentials.accountSid).fetch();
    return { ok: true, message: `Connected to ${account.friendlyName} (${account.status})` };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

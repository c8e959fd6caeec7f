import twilio from 'twilio';
import type { RequestClient } from 'twilio';
import { Agent as HttpsAgent } from 'node:https';
import { twilioCredentialsSchema } from '@parley/api-client';
import { allowNoHost, checkOutboundUrl, guardedLookup } from '../lib/outbound';
import { dialTwiml } from './twiml';
import type {
  CallTransfer,
  OutboundCall,
  OutboundDial,
  OutboundMessage,
  ProviderNumber,
  SendResult,
  TelephonyProvider,
  WebhookRequest,
  WebhookTargets,
} from './provider';
import type { ProviderRules } from '../integrations/providers';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

export interface TwilioOptions {
  /** The SDK's HTTP client (tests pass a fake; nothing then leaves the process). */
  httpClient?: RequestClient;
}

const whatsappPrefix = 'whatsapp:';

/** Twilio's own API hosts (api.twilio.com, messaging.twilio.com, regional edges): https only. */
export function isTwilioApiUrl(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' && /(^|\.)twilio\.com$/.test(url.hostname) && !url.port;
  } catch {
    return false;
  }
}

/**
 * The SDK's request client held to Twilio's own API through the outbound guard: a request to any
 * other host is refused before it is sent (the tenant's Account SID is only ever a path segment,
 * but nothing the SDK is given may move the call elsewhere); its connections resolve through
 * `guardedLookup` (public addresses only, at connect time); no redirect is followed, an answer is
 * read up to 1 MB, and each call is bounded to 15 s.
 */
export class TwilioOnlyRequestClient extends twilio.RequestClient {
  constructor() {
    super({ timeout: 15_000, autoRetry: true });
    this.axios.defaults.httpsAgent = new HttpsAgent({
      keepAlive: true,
      timeout: 15_000,
      lookup: guardedLookup(allowNoHost),
    });
    this.axios.defaults.maxRedirects = 0;
    this.axios.defaults.maxContentLength = 1024 * 1024;
  }

  override request<TData>(opts: Parameters<RequestClient['request']>[0]) {
    try {
      checkOutboundUrl(opts.uri, allowNoHost);
    } catch (error) {
      return Promise.reject(error);
    }
    if (!isTwilioApiUrl(opts.uri))
      return Promise.reject(
        new Error('Only Twilio’s own API can be called with Twilio credentials'),
      );
    return super.request<TData>(opts as never);
  }
}

/**
 * The SDK's HTTP client used when a caller passes none: one held to Twilio's own API, unless a
 * test installs a fake (an in-process server test cannot reach Twilio, and must not).
 */
let defaultHttpClient: RequestClient | undefined;
let twilioOnly: RequestClient | undefined;
const sdkClient = () => defaultHttpClient ?? (twilioOnly ??= new TwilioOnlyRequestClient());
export function setTwilioHttpClient(client: RequestClient | undefined) {
  defaultHttpClient = client;
}

/**
 * The Twilio SDK for a tenant's credentials, every call of it through the outbound guard
 * (`TwilioOnlyRequestClient`: Twilio's own API hosts only, public addresses at connect time, no
 * redirects, 15 s, 1 MB) unless a test passes its own client. Only the tenant's own credentials
 * are sent, never the server's.
 */
function guardedTwilio(credentials: TwilioCredentials, options: TwilioOptions) {
  return twilio(credentials.accountSid, credentials.authToken, {
    httpClient: options.httpClient ?? sdkClient(),
    autoRetry: true,
  });
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
  const client = guardedTwilio(credentials, options);
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
    async dial(c: OutboundDial) {
      const call = await client.calls.create({
        from: c.from,
        to: c.to,
        url: c.answerUrl,
        method: 'POST',
        statusCallback: c.statusUrl,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        machineDetection: 'DetectMessageEnd',
        asyncAmd: 'true',
        asyncAmdStatusCallback: c.amdUrl,
        asyncAmdStatusCallbackMethod: 'POST',
      });
      return { providerCallId: call.sid, status: call.status };
    },
    async updateCall(providerCallId: string, twiml: string) {
      await client.calls(providerCallId).update({ twiml });
    },
    // Twilio's own API host through the guarded client (the operator's or the organization's
    // account); the number dialled is the transfer_call tool's configured number.
    async transferCall(providerCallId: string, transfer: CallTransfer) {
      await client
        .calls(providerCallId)
        .update({ twiml: dialTwiml(transfer.to, transfer.from, transfer.whisper?.url) });
    },
    validateWebhook: (req: WebhookRequest) => validateTwilioWebhook(credentials.authToken, req),
  };
}

/** Checks credentials by reading the account (Integrations 'Test'). */
export async function testTwilioCredentials(
  credentials: TwilioCredentials,
  options: TwilioOptions = {},
): Promise<{ ok: boolean; message: string }> {
  // The Account SID becomes a path segment of the call: checked here too, not only at save time.
  const sid = twilioCredentialsSchema.shape.account_sid.safeParse(credentials.accountSid);
  if (!sid.success) return { ok: false, message: `account_sid: ${sid.error.issues[0]!.message}` };
  try {
    // Twilio's own API host through the guarded client (guardedTwilio): the tenant chooses the
    // credentials, never the address.
    const account = await guardedTwilio(credentials, options)
      .api.v2010.accounts(credentials.accountSid)
      .fetch();
    return { ok: true, message: `Connected to ${account.friendlyName} (${account.status})` };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The Twilio integration's rules (registered at startup, app.ts): its account SID and 'Test'. */
export const twilioIntegration: ProviderRules = {
  accountId: (c) => c.account_sid!,
  test: (c) => testTwilioCredentials({ accountSid: c.account_sid!, authToken: c.auth_token! }),
};

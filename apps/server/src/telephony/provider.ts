import type { TelephonyProviderName } from '@parley/api-client';

/** A number as the provider lists it. */
export interface ProviderNumber {
  /** The provider's id of the number (Twilio PN… SID; a stable id in the sandbox). */
  providerId: string;
  /** E.164. */
  phoneNumber: string;
  friendlyName: string;
  voice: boolean;
  sms: boolean;
  whatsapp: boolean;
}

export interface OutboundMessage {
  from: string;
  to: string;
  body: string;
}

export interface OutboundCall {
  from: string;
  to: string;
  /** TwiML the call runs once answered. */
  twiml: string;
}

/** An outbound call placed for a scheduled event (answering-machine detection on). */
export interface OutboundDial {
  from: string;
  to: string;
  /** Where the provider fetches the call's instructions once it is answered (Twilio: TwiML URL). */
  answerUrl: string;
  /** Where the provider reports the call's progress and end. */
  statusUrl: string;
  /** Where the provider reports answering-machine detection's result. */
  amdUrl: string;
  /** What the agent is calling about (the event's message_template). */
  purpose: string | null;
}

export interface DialResult {
  providerCallId: string;
  status: string;
  /** The sandbox decides a call's outcome when dialled (its control for the number). */
  sandboxOutcome?: string;
}

export interface SendResult {
  providerMessageId: string;
  status: string;
}

/** A webhook as received: the URL the provider called, its signature and the body. */
export interface WebhookRequest {
  url: string;
  signature: string | undefined;
  /** Form fields (application/x-www-form-urlencoded bodies). */
  params?: Record<string, string>;
  /** The raw body of a JSON webhook (checked with the bodySHA256 query parameter). */
  rawBody?: string;
}

/** What sync asks of the provider's webhooks: where voice and messaging events go. */
export interface WebhookTargets {
  voiceUrl: string;
  messagingUrl: string;
  statusUrl: string;
}

/**
 * A telephony provider: the sandbox (default, no account) or Twilio. One instance serves one
 * organization's account.
 */
export interface TelephonyProvider {
  readonly name: TelephonyProviderName;
  /** The provider account (Twilio Account SID; 'sandbox'). */
  readonly account: string;
  /**
   * The account is a shared provider resource (the operator's TWILIO_*, PARLEY_SANDBOX_NUMBERS):
   * other organizations may sync its numbers too, and each is held by one organization at a time.
   */
  readonly shared?: boolean;
  listNumbers(): Promise<ProviderNumber[]>;
  /** Points each number's voice and messaging webhooks at this server; returns how many. */
  configureWebhooks(numbers: ProviderNumber[], targets: WebhookTargets): Promise<number>;
  sendSms(message: OutboundMessage): Promise<SendResult>;
  sendWhatsApp(message: OutboundMessage): Promise<SendResult>;
  placeCall(call: OutboundCall): Promise<SendResult>;
  /** Dials a scheduled call: asynchronous answering-machine detection, callbacks to this server. */
  dial(call: OutboundDial): Promise<DialResult>;
  /**
   * Dials several scheduled calls at once, results in the calls' order (all placed or, when it
   * throws, none). Optional: a provider without it is dialled call by call, side by side.
   */
  dialMany?(calls: readonly OutboundDial[]): Promise<DialResult[]>;
  /** Replaces a live call's instructions (a voicemail message after the beep). */
  updateCall(providerCallId: string, twiml: string): Promise<void>;
  validateWebhook(request: WebhookRequest): boolean;
  /**
   * Transfers a live call (transfer_call, request_human): its leg dials `to` with `from` (the
   * number that was called) as the caller id; the media stream to the worker ends. A `whisper` is
   * said to the person called before the caller is bridged, where the provider can (Twilio: a
   * `<Number url>` fetched from this server, so only with PUBLIC_URL).
   */
  transferCall(providerCallId: string, transfer: CallTransfer): Promise<void>;
}

/** A live call put through to another number; `whisper`: a line said to that person first. */
export interface CallTransfer {
  from: string;
  to: string;
  whisper?: { text: string; url: string | null };
}

/** Where the webhooks of this server live under PUBLIC_URL. */
export function webhookTargets(publicUrl: string): WebhookTargets {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    voiceUrl: `${base}/webhooks/twilio/voice`,
    messagingUrl: `${base}/webhooks/twilio/messaging`,
    statusUrl: `${base}/webhooks/twilio/status`,
  };
}

/** Where a scheduled call's webhooks go (the event id in the path). */
export function outboundCallTargets(publicUrl: string, eventId: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const id = encodeURIComponent(eventId);
  return {
    answerUrl: `${base}/webhooks/twilio/outbound/${id}/answer`,
    statusUrl: `${base}/webhooks/twilio/outbound/${id}/status`,
    amdUrl: `${base}/webhooks/twilio/outbound/${id}/amd`,
  };
}

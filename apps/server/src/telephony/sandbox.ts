import { createHash, randomBytes, randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { friendlyPhoneNumber } from '@parley/api-client';
import type { Db } from '../db/client';
import { and, eq, inArray } from 'drizzle-orm';
import { sandboxCallOutcomes, telephonyOutbox } from '../db/schema';
import { dialTwiml } from './twiml';
import type {
  DialResult,
  OutboundCall,
  OutboundDial,
  OutboundMessage,
  ProviderNumber,
  SendResult,
  TelephonyProvider,
  WebhookRequest,
} from './provider';

/**
 * The sandbox provider: no account needed. Each organization gets a set of numbers with
 * voice/SMS/WhatsApp flags (seeded on its first sync; `PARLEY_SANDBOX_NUMBERS` configures them),
 * sends go to an outbox table instead of a network, and inbound events are simulated from the
 * console over HTTP, signed with this process's sandbox key like Twilio signs its webhooks.
 */

/** Fictional numbers (555-01xx is reserved for fiction) with every mix of channels. */
const seedFlags: Array<Pick<ProviderNumber, 'voice' | 'sms' | 'whatsapp'>> = [
  { voice: true, sms: true, whatsapp: true },
  { voice: true, sms: true, whatsapp: false },
  { voice: true, sms: false, whatsapp: false },
  { voice: false, sms: true, whatsapp: true },
  { voice: false, sms: false, whatsapp: true },
];
const areaCodes = ['201', '212', '305', '312', '415', '512', '617', '646', '702', '808'];

/** The default sandbox numbers of an organization (stable for one organization id). */
export function defaultSandboxNumbers(orgId: string): ProviderNumber[] {
  const digest = createHash('sha256').update(orgId).digest();
  const area = areaCodes[digest[0]! % areaCodes.length]!;
  const start = 100 + (digest[1]! % 90);
  return seedFlags.map((flags, i) => {
    const phoneNumber = `+1${area}5550${start + i}`;
    return {
      providerId: `SB${createHash('sha256').update(`${orgId}:${phoneNumber}`).digest('hex').slice(0, 32)}`,
      phoneNumber,
      friendlyName: friendlyPhoneNumber(phoneNumber),
      ...flags,
    };
  });
}

/**
 * Reads PARLEY_SANDBOX_NUMBERS: `+14155550101:voice,sms,whatsapp;+14155550102:sms` (each number
 * with the channels it has). Invalid entries are an error, so a typo is seen at once.
 */
export function parseSandboxNumbers(spec: string, orgId: string): ProviderNumber[] {
  return spec
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [number = '', channels = 'voice,sms,whatsapp'] = entry.split(':');
      if (!/^\+[1-9]\d{1,14}$/.test(number.trim()))
        throw new Error(`PARLEY_SANDBOX_NUMBERS: ${number} is not an E.164 number`);
      const set = new Set(channels.split(',').map((c) => c.trim().toLowerCase()));
      for (const c of set) {
        if (!['voice', 'sms', 'whatsapp'].includes(c))
          throw new Error(`PARLEY_SANDBOX_NUMBERS: unknown channel ${c}`);
      }
      const phoneNumber = number.trim();
      return {
        providerId: `SB${createHash('sha256').update(`${orgId}:${phoneNumber}`).digest('hex').slice(0, 32)}`,
        phoneNumber,
        friendlyName: friendlyPhoneNumber(phoneNumber),
        voice: set.has('voice'),
        sms: set.has('sms'),
        whatsapp: set.has('whatsapp'),
      };
    });
}

/** This process's key for simulated webhooks (never leaves the server). */
const sandboxKey = randomBytes(32).toString('hex');

/** Signs a simulated webhook the way Twilio signs its own (X-Twilio-Signature). */
export function signSandboxRequest(url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(sandboxKey, url, params);
}

export const sandboxAccount = 'sandbox';

export function createSandboxProvider(
  db: Db,
  orgId: string,
  env: Record<string, string | undefined>,
): TelephonyProvider {
  const record = async (
    kind: 'sms' | 'whatsapp' | 'call',
    from: string,
    to: string,
    body: string | null,
    payload: Record<string, unknown> = {},
  ): Promise<SendResult> => {
    const providerMessageId = `${kind === 'call' ? 'CA' : 'SM'}sandbox${randomUUID().replace(/-/g, '')}`;
    await db.insert(telephonyOutbox).values({
      organizationId: orgId,
      kind,
      fromNumber: from,
      toNumber: to,
      body,
      providerMessageId,
      payload,
    });
    return { providerMessageId, status: 'sandbox' };
  };
  /** Dials in two statements: the numbers' controls read together, one outbox insert. */
  const dialMany = async (calls: readonly OutboundDial[]): Promise<DialResult[]> => {
    if (!calls.length) return [];
    const controls = await db
      .select({ to: sandboxCallOutcomes.phoneNumber, outcome: sandboxCallOutcomes.outcome })
      .from(sandboxCallOutcomes)
      .where(
        and(
          eq(sandboxCallOutcomes.organizationId, orgId),
          inArray(sandboxCallOutcomes.phoneNumber, [...new Set(calls.map((c) => c.to))]),
        ),
      );
    const outcomeOf = new Map(controls.map((c) => [c.to, c.outcome]));
    const rows = calls.map((c) => {
      const outcome = outcomeOf.get(c.to) ?? 'answered';
      return {
        organizationId: orgId,
        kind: 'call' as const,
        fromNumber: c.from,
        toNumber: c.to,
        body: c.purpose,
        providerMessageId: `CAsandbox${randomUUID().replace(/-/g, '')}`,
        payload: { outcome, ...(outcome === 'voicemail' ? { voicemail: c.purpose ?? '' } : {}) },
      };
    });
    await db.insert(telephonyOutbox).values(rows);
    return rows.map((r) => ({
      providerCallId: r.providerMessageId,
      status: 'queued',
      sandboxOutcome: r.payload.outcome,
    }));
  };
  return {
    name: 'sandbox',
    account: sandboxAccount,
    listNumbers: async () =>
      env.PARLEY_SANDBOX_NUMBERS
        ? parseSandboxNumbers(env.PARLEY_SANDBOX_NUMBERS, orgId)
        : defaultSandboxNumbers(orgId),
    // Nothing to point anywhere: simulated events come from the console.
    configureWebhooks: async () => 0,
    sendSms: (m: OutboundMessage) => record('sms', m.from, m.to, m.body),
    sendWhatsApp: (m: OutboundMessage) => record('whatsapp', m.from, m.to, m.body),
    placeCall: (c: OutboundCall) => record('call', c.from, c.to, null, { twiml: c.twiml }),
    /**
     * A dialled call goes into the outbox (kind 'call') and is answered, unless the sandbox
     * control for that number set another outcome (no-answer, busy, voicemail, failed).
     */
    dial: async (c: OutboundDial): Promise<DialResult> => (await dialMany([c]))[0]!,
    dialMany,
    // A sandbox call has no live leg to change: its voicemail is recorded when dialled.
    updateCall: async () => {},
    /** The transfer is recorded in the outbox (a call to the transfer number, naming the call). */
    transferCall: async (providerCallId, transfer) => {
      const whisper = transfer.whisper?.text;
      await record(
        'call',
        transfer.from,
        transfer.to,
        `Transfer of call ${providerCallId}${whisper ? ` (whisper: ${whisper})` : ''}`,
        {
          transfer_of: providerCallId,
          twiml: dialTwiml(transfer.to, transfer.from),
          ...(whisper ? { whisper } : {}),
        },
      );
    },
    validateWebhook: (req: WebhookRequest) =>
      Boolean(req.signature) &&
      twilio.validateRequest(sandboxKey, req.signature!, req.url, req.params ?? {}),
  };
}

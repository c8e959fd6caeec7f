import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { toValidationError } from '@parley/api-client';
import type { Services } from '../lib/env';
import { HttpError } from '../lib/http';
import { decryptCredentials } from '../integrations/store';
import type { ProviderRules } from '../integrations/providers';
import { integrations } from '../db/schema';
import { recordInboundMessages } from './intake';

/** The integration of Meta's WhatsApp Cloud API: each has its own callback path. */
export const whatsappCloudProvider = 'whatsapp_cloud';

/** The callback URL of one WhatsApp Cloud integration (what the console shows to paste at Meta). */
export const whatsappCloudCallbackPath = (integrationId: string) =>
  `/webhooks/whatsapp-cloud/${integrationId}`;

/**
 * Its integration's rules (registered at startup, app.ts): the phone number id finds the
 * organization, each integration has its own callback path. Its credentials' format:
 * whatsappCloudCredentialsSchema (the contract).
 */
export const whatsappCloudIntegration: ProviderRules = {
  accountId: (c) => c.phone_number_id!,
  callbackPath: whatsappCloudCallbackPath,
};

/**
 * What one webhook request may carry: messages and statuses together. Meta's deliveries carry a
 * few; a request over the cap is refused whole (413, nothing stored) rather than cut short.
 */
export const maxWhatsappCloudEvents = 100;

/** X-Hub-Signature-256 ('sha256=' + hex HMAC-SHA256 of the raw body with the app secret). */
export function validHubSignature(appSecret: string, rawBody: string, header: string | undefined) {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The shape of a `messages` webhook (https://developers.facebook.com/docs/whatsapp/cloud-api/
 * webhooks): only what is read is required to be of its type; other fields pass through.
 */
const cloudMessageSchema = z.looseObject({
  from: z.string().max(64).optional(),
  id: z.string().max(256).optional(),
  type: z.string().max(64).optional(),
  text: z.looseObject({ body: z.string().optional() }).optional(),
});
export const whatsappCloudPayloadSchema = z.looseObject({
  object: z.string().optional(),
  entry: z.array(
    z.looseObject({
      changes: z
        .array(
          z.looseObject({
            value: z
              .looseObject({
                metadata: z
                  .looseObject({
                    display_phone_number: z.string().max(64).optional(),
                    phone_number_id: z.string().max(64).optional(),
                  })
                  .optional(),
                messages: z.array(cloudMessageSchema).optional(),
                statuses: z.array(z.unknown()).optional(),
              })
              .optional(),
          }),
        )
        .optional(),
    }),
  ),
});
export type WhatsappCloudPayload = z.infer<typeof whatsappCloudPayloadSchema>;

/**
 * How many messages and statuses a payload holds (what the cap counts), read before the payload
 * is validated: what is not an array counts nothing.
 */
export function eventCount(json: unknown): number {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const field = (v: unknown, k: string): unknown =>
    v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  let count = 0;
  for (const entry of list(field(json, 'entry')))
    for (const change of list(field(entry, 'changes'))) {
      const value = field(change, 'value');
      count += list(field(value, 'messages')).length + list(field(value, 'statuses')).length;
    }
  return count;
}

const e164 = (digits: string) => `+${digits.replace(/\D/g, '')}`;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A signed body that is not a WhatsApp payload: 400 naming the field, logged at warn. */
function malformed(services: Services, c: Context, integration: string, error: string): never {
  services.logger.warn(
    { path: c.req.path, integration, error },
    'malformed WhatsApp Cloud webhook refused',
  );
  throw new HttpError(400, error);
}

/**
 * /webhooks/whatsapp-cloud/{integration}: one callback per WhatsApp Cloud integration, as Meta
 * allows per app. GET answers Meta's verification handshake (echoes hub.challenge) when
 * hub.verify_token is that integration's; POST is trusted only when X-Hub-Signature-256 is the
 * HMAC of the raw bytes with that integration's app secret, checked before anything is parsed.
 * A signed body must have the payload's shape (400 otherwise) and carry at most
 * `maxWhatsappCloudEvents` messages and statuses (413 otherwise, nothing stored); text messages
 * to the integration's own phone_number_id are stored and answered like Twilio's WhatsApp
 * messages. The old shared path /webhooks/whatsapp-cloud answers 410 Gone.
 */
export function whatsappCloudRoutes(services: Services) {
  const app = new Hono();
  const gone = (c: Context) =>
    c.json(
      {
        success: false,
        error:
          'This shared WhatsApp Cloud callback is gone: each WhatsApp Cloud integration has its own callback URL (/webhooks/whatsapp-cloud/{integration}), shown in Integrations',
      },
      410,
    );
  app.get('/', gone);
  app.post('/', gone);

  /** The integration the path names (404 for anything else, before any secret is read). */
  const integrationOf = async (c: Context) => {
    const id = c.req.param('integration') ?? '';
    if (!uuidPattern.test(id)) throw new HttpError(404, 'Not found');
    const [row] = await services.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.id, id), eq(integrations.provider, whatsappCloudProvider)))
      .limit(1);
    if (!row) throw new HttpError(404, 'Not found');
    return { row, credentials: decryptCredentials(services.secrets, row) };
  };

  app.get('/:integration', async (c) => {
    const mode = c.req.query('hub.mode');
    const token = c.req.query('hub.verify_token') ?? '';
    const challenge = c.req.query('hub.challenge') ?? '';
    const { credentials } = await integrationOf(c);
    const expected = credentials.verify_token ?? '';
    if (mode !== 'subscribe' || !token || !expected || !sameSecret(expected, token))
      throw new HttpError(403, 'Verification failed');
    return c.text(challenge, 200);
  });

  app.post('/:integration', async (c) => {
    const { row, credentials } = await integrationOf(c);
    // The raw bytes (at most the webhooks' 1 MB, see app.ts) are checked before any parsing.
    const raw = await c.req.text();
    if (!validHubSignature(credentials.app_secret ?? '', raw, c.req.header('X-Hub-Signature-256')))
      throw new HttpError(403, 'Invalid or missing X-Hub-Signature-256');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      malformed(services, c, row.id, 'body: Malformed JSON');
    }
    // The cap is checked before the shape (a cheap count), so an oversized body costs no validation.
    const count = eventCount(json);
    if (count <= maxWhatsappCloudEvents) {
      const parsed = whatsappCloudPayloadSchema.safeParse(json);
      if (!parsed.success) malformed(services, c, row.id, toValidationError(parsed.error).error);
    }
    if (count > maxWhatsappCloudEvents) {
      services.logger.warn(
        { path: c.req.path, integration: row.id, events: count },
        'oversized WhatsApp Cloud webhook refused',
      );
      throw new HttpError(
        413,
        `entry: A webhook may carry at most ${maxWhatsappCloudEvents} messages and statuses (this one has ${count}); nothing was stored`,
      );
    }
    // Each change's messages to the integration's own number (its app may serve others) are
    // stored as one batch; the event loop gets a turn between batches.
    const payload = json as WhatsappCloudPayload;
    let stored = 0;
    for (const entry of payload.entry) {
      for (const change of entry.changes ?? []) {
        const value = change.value;
        const to = value?.metadata?.display_phone_number;
        if (!to || value?.metadata?.phone_number_id !== row.accountId) continue;
        const batch = (value.messages ?? [])
          .filter((m) => m.type === 'text' && m.from && m.id)
          .map((m) => ({ messageSid: m.id!, from: e164(m.from!), body: m.text?.body ?? '' }));
        if (!batch.length) continue;
        stored += await recordInboundMessages(
          {
            db: services.db,
            env: services.env,
            provider: whatsappCloudProvider,
            account: row.accountId ?? '',
            orgIds: [row.organizationId],
            anyProvider: true,
            replies: services.replies,
          },
          'whatsapp',
          e164(to),
          batch,
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return c.json({ success: true, stored });
  });
  return app;
}
